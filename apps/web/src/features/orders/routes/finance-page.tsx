import { UnderConstruction } from '../../../components/under-construction';

export default function FinancePage() {
  return <UnderConstruction title="财务对账" />;
}
