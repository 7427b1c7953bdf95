import { Typography } from 'antd';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { OrderList } from '../components/order-list';

/** /website/order — 订单管理 for the operator (`order`): every pharmacy's orders, read-only, with a pharmacy filter. */
export default function WebsiteOrderPage() {
  return (
    <section aria-labelledby="website-order-title">
      <Typography.Title id="website-order-title" level={4} style={{ marginTop: 0 }}>
        订单管理
      </Typography.Title>
      <RequireAdminPermission permission="order">
        <OrderList scope="admin" />
      </RequireAdminPermission>
    </section>
  );
}
