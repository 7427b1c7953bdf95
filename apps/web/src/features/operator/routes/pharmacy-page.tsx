import { UnderConstruction } from '../../../components/under-construction';

export default function PharmacyPage() {
  return <UnderConstruction title="药店管理" />;
}
