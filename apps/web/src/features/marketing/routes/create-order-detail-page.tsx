import { UnderConstruction } from '../../../components/under-construction';

/** Kept alive while hidden (route metadata keepAlive). */
export default function CreateOrderDetailPage() {
  return <UnderConstruction title="下单详情" />;
}
