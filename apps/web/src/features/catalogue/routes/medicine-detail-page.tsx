import { UnderConstruction } from '../../../components/under-construction';

export default function MedicineDetailPage() {
  return <UnderConstruction title="药品详情" />;
}
