import { operatorKeys } from '@pharmacy/shared';
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { PermissionAuditList } from '../components/permission-audit-list';
import { PermissionManagerList } from '../components/permission-manager-list';
import { PermissionOperatorList } from '../components/permission-operator-list';

const tabs = ['operators', 'managers', 'audit'] as const;
type Tab = (typeof tabs)[number];

/**
 * /website/permission — 权限管理 (operator, key all): 运营账号, 经理权限 (spec §7 manager permission put) and 操作日志
 * (the audit log reader). Each tab keeps its own filters in the URL; switching tabs clears them.
 */
export default function PermissionPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = tabs.includes(asked as Tab) ? (asked as Tab) : 'operators';
  return (
    <section aria-labelledby="permission-title">
      <Typography.Title id="permission-title" level={4} style={{ marginTop: 0 }}>
        权限管理
      </Typography.Title>
      <RequireAdminPermission permission={operatorKeys.permission}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'operators' ? {} : { tab: key })}
          destroyOnHidden
          items={[
            { key: 'operators', label: '运营账号', children: <PermissionOperatorList /> },
            { key: 'managers', label: '经理权限', children: <PermissionManagerList /> },
            { key: 'audit', label: '操作日志', children: <PermissionAuditList /> },
          ]}
        />
      </RequireAdminPermission>
    </section>
  );
}
