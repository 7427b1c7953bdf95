import { Typography } from 'antd';
import { HealthReviewList } from '../components/health-review-list';

/** /marketManage/healthFormReview — 健康表审核 (manager): the pharmacy's customers' health forms. */
export default function HealthFormReviewPage() {
  return (
    <section aria-labelledby="health-form-review-title">
      <Typography.Title id="health-form-review-title" level={4} style={{ marginTop: 0 }}>
        健康表审核
      </Typography.Title>
      <HealthReviewList />
    </section>
  );
}
