import { UnderConstruction } from '../../../components/under-construction';

export default function PharmacyDetailPage() {
  return <UnderConstruction title="药店详情" />;
}
