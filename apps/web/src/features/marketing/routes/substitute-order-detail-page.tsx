import { Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ProxyOrderDetail } from '../components/proxy-order-detail';

/** 代下单详情 (kept alive: route metadata keepAlive SubstituteOrderDetail): the proxy order with its payment link. */
export default function SubstituteOrderDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  return (
    <section aria-labelledby="substitute-order-detail-title">
      <Typography.Title id="substitute-order-detail-title" level={4} style={{ marginTop: 0 }}>
        代下单详情
      </Typography.Title>
      <ProxyOrderDetail
        id={Number.isInteger(id) && id > 0 ? id : null}
        onCreateAnother={() => navigate('/marketManage/substituteOrder')}
      />
    </section>
  );
}
