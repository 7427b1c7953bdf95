import { UnderConstruction } from '../../../components/under-construction';

/** Kept alive while hidden (route metadata keepAlive). */
export default function CustomerPage() {
  return <UnderConstruction title="会员管理" />;
}
