import { isMarketingManager, marketingStaffRoles } from '@pharmacy/shared';
import { Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSessionStore } from '../../../lib/session-store';
import { useKeptSearch } from '../../../lib/use-kept-search';
import { CustomerList } from '../components/customer-list';

const PATH = '/marketManage/customer';

/** /marketManage/customer — 会员管理: the pharmacy's customers and their CRM card (marketing staff roles). */
export default function CustomerPage() {
  // kept alive (route metadata keepAlive 'CustomerPage'): a menu click back restores the last search
  useKeptSearch(PATH);
  // The route is pharmacyScoped: the router shows 请先选择药店 instead of this page until a pharmacy is chosen.
  const pharmacy = useSessionStore((s) => s.currentPharmacy);
  const body: ReactNode = !(marketingStaffRoles as readonly string[]).includes(pharmacy?.role ?? '') ? (
    <Result status="403" title="无权访问" subTitle="会员管理仅对客服、主管和药店管理员开放。" />
  ) : (
    <CustomerList />
  );

  return (
    <section aria-labelledby="customer-title">
      <Typography.Title id="customer-title" level={4} style={{ marginTop: 0 }}>
        会员管理
        {pharmacy && !isMarketingManager(pharmacy.role) ? (
          <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 'normal', marginLeft: 12 }}>
            默认显示我负责的客户，可切换查看全部
          </Typography.Text>
        ) : null}
      </Typography.Title>
      {body}
    </section>
  );
}
