import { operatorKeys } from '@pharmacy/shared';
import { Typography } from 'antd';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { PharmacyList } from '../components/pharmacy-list';

/** /website/pharmacy — 药店管理 (`pharmacy`, the key every route it calls checks again): onboarding and suspension. */
export default function PharmacyPage() {
  return (
    <section aria-labelledby="pharmacy-title">
      <Typography.Title id="pharmacy-title" level={4} style={{ marginTop: 0 }}>
        药店管理
      </Typography.Title>
      <RequireAdminPermission permission={operatorKeys.pharmacy}>
        <PharmacyList />
      </RequireAdminPermission>
    </section>
  );
}
