import { UnderConstruction } from '../../../components/under-construction';

export default function OrderCensusPage() {
  return <UnderConstruction title="订单统计" />;
}
