import { Result, Typography } from 'antd';
import { PermissionGate } from '../../../components/permission-gate';
import { CourierList } from '../components/courier-list';

/** /pharmacy/courier — 快递设置 (pharmacy_setting, the key every route it calls checks again). */
export default function CourierPage() {
  return (
    <section aria-labelledby="courier-title">
      <Typography.Title id="courier-title" level={4} style={{ marginTop: 0 }}>
        快递设置
      </Typography.Title>
      <PermissionGate
        permission="pharmacy_setting"
        fallback={<Result status="403" title="无权访问" subTitle="您没有快递设置权限，请联系药店管理员。" />}
      >
        <CourierList />
      </PermissionGate>
    </section>
  );
}
