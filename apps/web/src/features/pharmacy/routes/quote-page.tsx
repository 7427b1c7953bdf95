import { Result, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { PermissionGate } from '../../../components/permission-gate';
import { CrossQuoteList } from '../components/cross-quote-list';
import { QuoteList } from '../components/quote-list';

/**
 * /pharmacy/quote — 报价管理 (quote_manage, the key every route it calls checks again): 本店报价, and 集团共享报价
 * (?view=cross, read-only) — what the other pharmacies of this pharmacy's group share.
 */
export default function QuotePage() {
  const [params, setParams] = useSearchParams();
  const cross = params.get('view') === 'cross';
  return (
    <section aria-labelledby="quote-title">
      <Typography.Title id="quote-title" level={4} style={{ marginTop: 0 }}>
        报价管理
      </Typography.Title>
      <PermissionGate
        permission="quote_manage"
        fallback={<Result status="403" title="无权访问" subTitle="您没有报价管理权限，请联系药店管理员。" />}
      >
        <Tabs
          activeKey={cross ? 'cross' : 'own'}
          onChange={(key) => setParams(key === 'cross' ? { view: 'cross' } : {})}
          items={[
            { key: 'own', label: '本店报价', children: cross ? null : <QuoteList /> },
            { key: 'cross', label: '集团共享报价', children: cross ? <CrossQuoteList /> : null },
          ]}
        />
      </PermissionGate>
    </section>
  );
}
