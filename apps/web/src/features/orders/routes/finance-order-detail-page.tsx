import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../../components/permission-gate';
import { isApiError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useFinanceDetail } from '../api/finance-detail';
import { FinanceDetailView } from '../components/finance-detail';

const idOf = (id: string | null) => {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
};

function DetailBody({ orderId }: { orderId: number }) {
  const { data, error, isPending } = useFinanceDetail(orderId);
  if (!orderId) return <Result status="404" title="未找到该订单的结算记录" subTitle="链接中的订单编号不正确。" />;
  if (error) {
    const notFound = isApiError(error) && error.httpCode === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? '未找到该订单的结算记录' : '加载失败'}
        subTitle={notFound ? '订单不存在、不属于当前药店，或尚未支付。' : '请稍后重试。'}
      />
    );
  }
  if (isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <FinanceDetailView detail={data} />;
}

/** /pharmacy/finance/orderDetail?id=<order id> — 对账明细 (finance). */
export default function FinanceOrderDetailPage() {
  const [params] = useSearchParams();
  const pharmacy = useSessionStore((s) => s.currentPharmacy);
  const can = usePermission();
  const navigate = useNavigate();
  let body: ReactNode;
  if (!pharmacy) body = <Result status="info" title="请先选择药店" />;
  else if (!can('finance'))
    body = <Result status="403" title="无权访问" subTitle="您没有财务对账权限，请联系药店管理员。" />;
  else body = <DetailBody orderId={idOf(params.get('id'))} />;
  return (
    <section aria-labelledby="finance-detail-title">
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label="返回财务对账"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/pharmacy/finance'))}
        />
        <Typography.Title id="finance-detail-title" level={4} style={{ margin: 0 }}>
          对账明细
        </Typography.Title>
      </Flex>
      {body}
    </section>
  );
}
