import { Result, Typography } from 'antd';
import { PermissionGate } from '../../../components/permission-gate';
import { QuoteList } from '../components/quote-list';

/** /pharmacy/quote — 报价管理 (quote_manage, the key every route it calls checks again). */
export default function QuotePage() {
  return (
    <section aria-labelledby="quote-title">
      <Typography.Title id="quote-title" level={4} style={{ marginTop: 0 }}>
        报价管理
      </Typography.Title>
      <PermissionGate
        permission="quote_manage"
        fallback={<Result status="403" title="无权访问" subTitle="您没有报价管理权限，请联系药店管理员。" />}
      >
        <QuoteList />
      </PermissionGate>
    </section>
  );
}
