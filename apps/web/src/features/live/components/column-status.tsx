import { type Column, type ColumnStatus, columnStatusLabels } from '@pharmacy/shared';
import { Flex, Tag, Typography } from 'antd';

export const columnStatusColors: Record<ColumnStatus, string> = {
  draft: 'default',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** The status tag, with the platform column it went to and, when rejected, the reason. */
export function ColumnStatusCell({ column }: { column: Column }) {
  return (
    <Flex vertical gap={2} align="start">
      <Tag color={columnStatusColors[column.status]}>{columnStatusLabels[column.status]}</Tag>
      {column.status !== 'draft' && column.platform_column_title ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          平台专栏：{column.platform_column_title}
        </Typography.Text>
      ) : null}
      {column.status === 'rejected' && column.reject_reason ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          驳回原因：{column.reject_reason}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
