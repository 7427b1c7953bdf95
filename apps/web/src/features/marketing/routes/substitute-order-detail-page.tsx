import { UnderConstruction } from '../../../components/under-construction';

/** Kept alive while hidden (route metadata keepAlive). */
export default function SubstituteOrderDetailPage() {
  return <UnderConstruction title="代下单详情" />;
}
