import { UnderConstruction } from '../../../components/under-construction';

export default function PrescriptionPage() {
  return <UnderConstruction title="处方管理" />;
}
