import { UnderConstruction } from '../../../components/under-construction';

export default function TeamStatisticsPage() {
  return <UnderConstruction title="团队统计" />;
}
