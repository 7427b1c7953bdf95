import { UnderConstruction } from '../../../components/under-construction';

export default function TeamPage() {
  return <UnderConstruction title="团队管理" />;
}
