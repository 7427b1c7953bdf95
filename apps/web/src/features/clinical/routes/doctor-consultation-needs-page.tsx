import { Typography } from 'antd';
import { ConsultationList } from '../components/consultation-list';

/** /doctor/consultationNeeds — 问诊需求 (the requests assigned to the signed-in doctor). */
export default function ConsultationNeedsPage() {
  return (
    <section aria-labelledby="consultation-needs-title">
      <Typography.Title id="consultation-needs-title" level={4} style={{ marginTop: 0 }}>
        问诊需求
      </Typography.Title>
      <ConsultationList />
    </section>
  );
}
