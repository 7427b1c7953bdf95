import { UnderConstruction } from '../../../components/under-construction';

export default function CreateOrderPage() {
  return <UnderConstruction title="非药品下单" />;
}
