import { Button, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../components/permission-gate';
import { useSessionStore } from '../../../lib/session-store';
import { FinanceList } from '../components/finance-list';

/** /pharmacy/finance — 财务对账 (finance). */
export default function FinancePage() {
  const pharmacy = useSessionStore((s) => s.currentPharmacy);
  const can = usePermission();
  const navigate = useNavigate();
  let body: ReactNode;
  if (!pharmacy) {
    body = (
      <Result
        status="info"
        title="请先选择药店"
        extra={
          <Button type="primary" onClick={() => navigate('/pharmacy/switch-pharmacy')}>
            切换药店
          </Button>
        }
      />
    );
  } else if (!can('finance')) {
    body = <Result status="403" title="无权访问" subTitle="您没有财务对账权限，请联系药店管理员。" />;
  } else {
    body = <FinanceList />;
  }
  return (
    <section aria-labelledby="finance-title">
      <Typography.Title id="finance-title" level={4} style={{ marginTop: 0 }}>
        财务对账
      </Typography.Title>
      {body}
    </section>
  );
}
