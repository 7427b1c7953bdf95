import { Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ProxyOrderDetail } from '../components/proxy-order-detail';

/** 下单详情 (kept alive: route metadata keepAlive CreateOrderDetail): the non-drug order with its payment link. */
export default function CreateOrderDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  return (
    <section aria-labelledby="create-order-detail-title">
      <Typography.Title id="create-order-detail-title" level={4} style={{ marginTop: 0 }}>
        下单详情
      </Typography.Title>
      <ProxyOrderDetail
        id={Number.isInteger(id) && id > 0 ? id : null}
        onCreateAnother={() => navigate('/marketManage/createOrder')}
      />
    </section>
  );
}
