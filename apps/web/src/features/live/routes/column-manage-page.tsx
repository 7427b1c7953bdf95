import { UnderConstruction } from '../../../components/under-construction';

export default function ColumnManagePage() {
  return <UnderConstruction title="营期管理" />;
}
