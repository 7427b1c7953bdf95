import { operatorKeys } from '@pharmacy/shared';
import { Typography } from 'antd';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { AdminReportList } from '../components/report-list';

/** /website/complaint — 投诉管理 (operator, key report): patients' complaints; 处理 with a result or 驳回 with a reason. */
export default function ComplaintPage() {
  return (
    <section aria-labelledby="admin-report-title">
      <Typography.Title id="admin-report-title" level={4} style={{ marginTop: 0 }}>
        投诉管理
        <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 'normal', marginLeft: 12 }}>
          患者对订单、药店、医生和直播的投诉，处理结果会通知投诉人
        </Typography.Text>
      </Typography.Title>
      <RequireAdminPermission permission={operatorKeys.report}>
        <AdminReportList />
      </RequireAdminPermission>
    </section>
  );
}
