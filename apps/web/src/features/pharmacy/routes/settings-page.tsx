import { Result, Typography } from 'antd';
import { PermissionGate } from '../../../components/permission-gate';
import { SettingsOverview } from '../components/settings-overview';

/** /pharmacy/set — 药店设置 with its aptitude dialog (pharmacy_setting, the key every route it calls checks again). */
export default function SettingsPage() {
  return (
    <section aria-labelledby="settings-title">
      <Typography.Title id="settings-title" level={4} style={{ marginTop: 0 }}>
        药店设置
      </Typography.Title>
      <PermissionGate
        permission="pharmacy_setting"
        fallback={<Result status="403" title="无权访问" subTitle="您没有药店设置权限，请联系药店管理员。" />}
      >
        <SettingsOverview />
      </PermissionGate>
    </section>
  );
}
