import { UnderConstruction } from '../../../components/under-construction';

export default function OrderPage() {
  return <UnderConstruction title="订单管理" />;
}
