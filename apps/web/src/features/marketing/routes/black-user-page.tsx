import { UnderConstruction } from '../../../components/under-construction';

export default function BlackUserPage() {
  return <UnderConstruction title="黑名单" />;
}
