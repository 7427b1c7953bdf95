import { type ReportStatus, reportStatusLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

const colors: Record<ReportStatus, string> = { pending: 'orange', processed: 'green', rejected: 'default' };

export function ReportStatusTag({ status }: { status: ReportStatus }) {
  return (
    <Tag color={colors[status]} style={{ marginInlineEnd: 0 }}>
      {reportStatusLabels[status]}
    </Tag>
  );
}
