import { operatorKeys } from '@pharmacy/shared';
import { Typography } from 'antd';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { GroupList } from '../components/group-list';

/** /website/group — 集团管理 (`group`, the key every route it calls checks again): chains, members, pharmacy cross. */
export default function GroupPage() {
  return (
    <section aria-labelledby="group-title">
      <Typography.Title id="group-title" level={4} style={{ marginTop: 0 }}>
        集团管理
      </Typography.Title>
      <RequireAdminPermission permission={operatorKeys.group}>
        <GroupList />
      </RequireAdminPermission>
    </section>
  );
}
