import { UnderConstruction } from '../../../components/under-construction';

export default function DashboardPage() {
  return <UnderConstruction title="数据看板" />;
}
