import { Typography } from 'antd';
import { HealthFormList } from '../components/health-form-list';

/** /doctor/healthFormReviewDoctor — 健康表审核 (the doctor's assigned health forms). */
export default function HealthFormReviewPage() {
  return (
    <section aria-labelledby="health-review-title">
      <Typography.Title id="health-review-title" level={4} style={{ marginTop: 0 }}>
        健康表审核
      </Typography.Title>
      <HealthFormList />
    </section>
  );
}
