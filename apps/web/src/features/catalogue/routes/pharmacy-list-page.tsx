import { Typography } from 'antd';
import '../../../components/catalogue-blocks/catalogue-blocks.css';
import { PharmacyList } from '../components/pharmacy-list';

/** /pharmacy/list — 药房列表. */
export default function PharmacyListPage() {
  return (
    <section aria-labelledby="pharmacy-list-title">
      <Typography.Title id="pharmacy-list-title" level={4} style={{ marginTop: 0 }}>
        药房列表
      </Typography.Title>
      <PharmacyList />
    </section>
  );
}
