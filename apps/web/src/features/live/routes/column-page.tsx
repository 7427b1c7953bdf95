import { UnderConstruction } from '../../../components/under-construction';

/** Kept alive while hidden (route metadata keepAlive). */
export default function ColumnPage() {
  return <UnderConstruction title="专栏管理" />;
}
