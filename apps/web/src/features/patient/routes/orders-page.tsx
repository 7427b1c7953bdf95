import { type OrderStatus, type OrderSummary, orderStatuses, orderStatusLabels } from '@pharmacy/shared';
import { Button, Empty, Spin, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useOrder } from '../api/get-order';
import { useOrders } from '../api/get-orders';
import { orderLineText, StatusText, Yuan } from '../components/bits';
import { OrderActions } from '../components/order-actions';

const tabs = ['all', ...orderStatuses] as const;
type Tab = (typeof tabs)[number];

/**
 * Whether an unpaid order's offline payment is open. The list rows do not carry `pay_method` yet (asked of the
 * orders schema): until they do, an unpaid row reads its order's detail (few rows are unpaid at once).
 */
function usePayMethod(order: OrderSummary): string | null | undefined {
  const inRow = (order as OrderSummary & { pay_method?: string }).pay_method;
  const needDetail = order.status === 'pending_payment' && inRow === undefined;
  const detail = useOrder(needDetail ? order.id : null);
  return inRow ?? detail.data?.pay_method;
}

function OrderCard({ order }: { order: OrderSummary }) {
  const payMethod = usePayMethod(order);
  return (
    <article className="patient-card" aria-label={`订单 ${order.order_no}`}>
      <Link to={`/patient/order?id=${order.id}`} style={{ color: 'inherit', display: 'block' }}>
        <div className="patient-row">
          <strong style={{ fontSize: 14 }}>{order.pharmacy_name}</strong>
          <StatusText status={order.status} payMethod={payMethod} />
        </div>
        <div style={{ margin: '8px 0 4px', fontSize: 14 }}>{orderLineText(order)}</div>
        <div className="patient-row patient-muted">
          <span>
            {formatDateTime(order.created_at)} · 就诊人 {order.patient_name}
          </span>
          <span>
            实付 <Yuan value={order.pay_amount} />
          </span>
        </div>
      </Link>
      {order.status === 'pending_payment' || order.status === 'shipped' ? (
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 10 }}>
          <OrderActions order={order} payMethod={payMethod} />
        </div>
      ) : null}
    </article>
  );
}

/** 订单: my orders by status tab, newest first, 加载更多. */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: Tab = (tabs as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'all';
  const orders = useOrders(tab === 'all' ? undefined : (tab as OrderStatus));
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'all' ? {} : { status: key }, { replace: true })}
        items={tabs.map((t) => ({ key: t, label: t === 'all' ? '全部' : orderStatusLabels[t] }))}
        size="small"
        tabBarStyle={{ marginBottom: 0 }}
        style={{ background: '#fff', borderRadius: 10, padding: '0 8px', marginBottom: 10 }}
      />
      {orders.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : list.length === 0 ? (
        <Empty description="暂无订单" style={{ marginTop: 48 }}>
          <Link to="/patient">去选购</Link>
        </Empty>
      ) : (
        <>
          {list.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
          <div style={{ textAlign: 'center' }}>
            {orders.hasNextPage ? (
              <Button type="link" loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
                加载更多
              </Button>
            ) : (
              <span className="patient-muted">没有更多了</span>
            )}
          </div>
        </>
      )}
    </>
  );
}
