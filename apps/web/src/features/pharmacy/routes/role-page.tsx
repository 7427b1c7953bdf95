import { Typography } from 'antd';
import { StaffList } from '../components/staff-list';

/** /pharmacy/role — 账号与权限: the pharmacy's staff, their roles and permission keys. */
export default function RolePage() {
  return (
    <section aria-labelledby="role-title">
      <Typography.Title id="role-title" level={4} style={{ marginTop: 0 }}>
        账号与权限
      </Typography.Title>
      <StaffList />
    </section>
  );
}
