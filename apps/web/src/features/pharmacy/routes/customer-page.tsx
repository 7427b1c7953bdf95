import { Typography } from 'antd';
import { RequirePharmacyPermission } from '../../../components/permission-gate';
import { useKeptSearch } from '../../../lib/use-kept-search';
import { MemberList } from '../components/member-list';

const PATH = '/pharmacy/customer';

/** /pharmacy/customer — 会员管理 (viper_manage). */
export default function CustomerPage() {
  // kept alive (route metadata keepAlive 'CustomerPage'): a menu click back restores the last search
  useKeptSearch(PATH);
  return (
    <section aria-labelledby="customer-title">
      <Typography.Title id="customer-title" level={4} style={{ marginTop: 0 }}>
        会员管理
      </Typography.Title>
      <RequirePharmacyPermission permission="viper_manage" denied="您没有会员管理权限，请联系药店管理员。">
        <MemberList />
      </RequirePharmacyPermission>
    </section>
  );
}
