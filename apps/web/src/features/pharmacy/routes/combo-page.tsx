import { Result, Typography } from 'antd';
import { PermissionGate } from '../../../components/permission-gate';
import { ComboList } from '../components/combo-list';

/** /pharmacy/combo — 套餐管理 (key quote_set, the same key every /quote_set route checks). */
export default function ComboPage() {
  return (
    <section aria-labelledby="combo-title">
      <Typography.Title id="combo-title" level={4} style={{ marginTop: 0 }}>
        套餐管理
      </Typography.Title>
      <PermissionGate
        permission="quote_set"
        fallback={<Result status="403" title="无权访问" subTitle="您没有套餐管理权限，请联系药店管理员。" />}
      >
        <ComboList />
      </PermissionGate>
    </section>
  );
}
