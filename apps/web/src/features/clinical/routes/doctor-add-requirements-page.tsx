import { Typography } from 'antd';
import { ConsultationAddForm } from '../components/consultation-add-form';

/** /doctor/addRequirements — 添加问诊需求 (for a patient found by phone; assigned to the signed-in doctor). */
export default function AddRequirementsPage() {
  return (
    <section aria-labelledby="add-requirements-title">
      <Typography.Title id="add-requirements-title" level={4} style={{ marginTop: 0 }}>
        添加问诊需求
      </Typography.Title>
      <ConsultationAddForm />
    </section>
  );
}
