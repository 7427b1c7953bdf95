import { Typography } from 'antd';
import { InspectionList } from '../components/inspection-list';

/** /chemist/prescription-approval — 处方审核: the pharmacist's prescriptions of the current pharmacy (role pharmacist). */
export default function PrescriptionApprovalPage() {
  return (
    <section aria-labelledby="prescription-approval-title">
      <Typography.Title id="prescription-approval-title" level={4} style={{ marginTop: 0 }}>
        处方审核
      </Typography.Title>
      <InspectionList />
    </section>
  );
}
