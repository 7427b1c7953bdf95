import { Result, Typography } from 'antd';
import { PermissionGate } from '../../../components/permission-gate';
import { OrderList } from '../components/order-list';

/** /pharmacy/order — 订单管理 (order_read_pharmacy, the key every route it calls checks again). */
export default function OrderPage() {
  return (
    <section aria-labelledby="order-title">
      <Typography.Title id="order-title" level={4} style={{ marginTop: 0 }}>
        订单管理
      </Typography.Title>
      <PermissionGate
        permission="order_read_pharmacy"
        fallback={<Result status="403" title="无权访问" subTitle="您没有订单管理权限，请联系药店管理员。" />}
      >
        <OrderList scope="pharmacy" />
      </PermissionGate>
    </section>
  );
}
