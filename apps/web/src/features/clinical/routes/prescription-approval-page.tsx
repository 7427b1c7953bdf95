import { UnderConstruction } from '../../../components/under-construction';

export default function PrescriptionApprovalPage() {
  return <UnderConstruction title="处方审核" />;
}
