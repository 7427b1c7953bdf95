import { UnderConstruction } from '../../../components/under-construction';

export default function ConsultationNeedsPage() {
  return <UnderConstruction title="问诊需求" />;
}
