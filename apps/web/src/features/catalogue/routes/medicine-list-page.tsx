import { Typography } from 'antd';
import { MedicineList } from '../components/medicine-list';
import '../../../components/catalogue-blocks/catalogue-blocks.css';

/** /medicine/list — 药品列表. */
export default function MedicineListPage() {
  return (
    <section aria-labelledby="medicine-list-title">
      <Typography.Title id="medicine-list-title" level={4} style={{ marginTop: 0 }}>
        药品列表
      </Typography.Title>
      <MedicineList />
    </section>
  );
}
