import { UnderConstruction } from '../../../components/under-construction';

export default function MedicineListPage() {
  return <UnderConstruction title="药品列表" />;
}
