import { Typography } from 'antd';
import { RequirePharmacyPermission } from '../../../components/permission-gate';
import { FinanceList } from '../components/finance-list';

/** /pharmacy/finance — 财务对账 (finance). */
export default function FinancePage() {
  return (
    <section aria-labelledby="finance-title">
      <Typography.Title id="finance-title" level={4} style={{ marginTop: 0 }}>
        财务对账
      </Typography.Title>
      <RequirePharmacyPermission permission="finance" denied="您没有财务对账权限，请联系药店管理员。">
        <FinanceList />
      </RequirePharmacyPermission>
    </section>
  );
}
