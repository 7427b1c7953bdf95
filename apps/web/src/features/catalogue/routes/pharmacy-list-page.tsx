import { UnderConstruction } from '../../../components/under-construction';

export default function PharmacyListPage() {
  return <UnderConstruction title="药店列表" />;
}
