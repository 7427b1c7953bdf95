import { UnderConstruction } from '../../../components/under-construction';

export default function QuotePage() {
  return <UnderConstruction title="报价管理" />;
}
