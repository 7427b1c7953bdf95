import { UnderConstruction } from '../../../components/under-construction';

export default function FinanceOrderDetailPage() {
  return <UnderConstruction title="对账明细" />;
}
