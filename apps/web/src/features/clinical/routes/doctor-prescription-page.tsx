import { Typography } from 'antd';
import { RecipeList } from '../components/recipe-list';

/** /doctor/prescription — 处方管理 (the signed-in doctor's prescriptions; the write dialog from `?write=<request id>`). */
export default function PrescriptionPage() {
  return (
    <section aria-labelledby="prescription-title">
      <Typography.Title id="prescription-title" level={4} style={{ marginTop: 0 }}>
        处方管理
      </Typography.Title>
      <RecipeList />
    </section>
  );
}
