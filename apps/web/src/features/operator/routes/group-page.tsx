import { UnderConstruction } from '../../../components/under-construction';

export default function GroupPage() {
  return <UnderConstruction title="集团管理" />;
}
