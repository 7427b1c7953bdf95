import { useNavigate, useSearchParams } from 'react-router';
import { ProxyOrderDetail } from '../components/proxy-order-detail';

/** 代下单详情 (kept alive: route metadata keepAlive SubstituteOrderDetail): the proxy order with its payment link. */
export default function SubstituteOrderDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  return (
    <ProxyOrderDetail
      id={Number.isInteger(id) && id > 0 ? id : null}
      onCreateAnother={() => navigate('/marketManage/substituteOrder')}
    />
  );
}
