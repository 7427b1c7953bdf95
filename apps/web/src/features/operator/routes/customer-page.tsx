import { operatorKeys } from '@pharmacy/shared';
import { Typography } from 'antd';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { AdminCustomerList } from '../components/customer-list';

/** /website/customer — 会员管理 (operator, key viper): the platform's members and the member card. */
export default function CustomerPage() {
  return (
    <section aria-labelledby="admin-customer-title">
      <Typography.Title id="admin-customer-title" level={4} style={{ marginTop: 0 }}>
        会员管理
        <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 'normal', marginLeft: 12 }}>
          全平台各药店的会员
        </Typography.Text>
      </Typography.Title>
      <RequireAdminPermission permission={operatorKeys.viper}>
        <AdminCustomerList />
      </RequireAdminPermission>
    </section>
  );
}
