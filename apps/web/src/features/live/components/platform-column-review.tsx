import { type ColumnSubmission, columnStatusLabels, pageQuerySchema } from '@pharmacy/shared';
import { Form, Radio, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { z } from 'zod';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApproveColumn, useColumnSubmissions } from '../api/platform-column-submissions';
import { usePlatformColumnOptions } from '../api/platform-columns';
import { PLATFORM_COLUMN_KEY } from './platform-column-list';
import { PlatformColumnRejectDialog } from './platform-column-reject-dialog';

const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
const querySchema = pageQuerySchema.extend({
  // the page's tab: kept in the URL when this list writes it (a default would be left out)
  tab: z.enum(['columns', 'review']).catch('columns').default('columns'),
  status: z.enum(reviewStatuses).catch('pending').default('pending'),
  platform_column_id: z.string().regex(/^\d+$/).optional().catch(undefined),
});
type Query = z.infer<typeof querySchema>;

const statusColors = { pending: 'orange', approved: 'green', rejected: 'red', draft: 'default' } as const;

/** 专栏审核 tab: the columns pharmacies submitted, by status; 通过, or 驳回 with a reason. */
export function PlatformColumnReview() {
  const list = useListPage({ querySchema });
  const query = list.query as Query;
  const submissions = useColumnSubmissions({
    page: query.page,
    page_size: query.page_size,
    status: query.status,
    platform_column_id: query.platform_column_id,
  });
  const options = usePlatformColumnOptions();
  const approve = useApproveColumn();
  const rows = submissions.data?.list;

  const tableColumns: ColumnsType<ColumnSubmission> = [
    {
      key: 'title',
      title: '专栏',
      dataIndex: 'title',
      width: 340,
      render: (title: string, row) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <ImageWithFallback
            src={row.cover_url || undefined}
            alt=""
            width={64}
            height={36}
            loading="lazy"
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
          <span style={{ minWidth: 0, maxWidth: 250 }}>
            {title}
            {row.intro ? (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0, fontSize: 12 }}>
                {row.intro}
              </Typography.Paragraph>
            ) : null}
          </span>
        </span>
      ),
    },
    { key: 'pharmacy_name', title: '药店', dataIndex: 'pharmacy_name', width: 200 },
    { key: 'platform_column_title', title: '提交到', dataIndex: 'platform_column_title', width: 160 },
    { key: 'period_count', title: '营期数', dataIndex: 'period_count', width: 90 },
    { key: 'enrolled_count', title: '报名人数', dataIndex: 'enrolled_count', width: 100 },
    { key: 'submitted_at', title: '提交时间', dataIndex: 'submitted_at', width: 160, render: formatDateTime },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 200,
      render: (status: ColumnSubmission['status'], row) => (
        <>
          <Tag color={statusColors[status]}>{columnStatusLabels[status]}</Tag>
          {row.reviewed_at ? <div style={{ fontSize: 12 }}>审核于 {formatDateTime(row.reviewed_at)}</div> : null}
          {status === 'rejected' && row.reject_reason ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              原因：{row.reject_reason}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
  ];

  const rowActions: RowAction<ColumnSubmission>[] = [
    {
      key: 'approve',
      label: '通过',
      permission: PLATFORM_COLUMN_KEY,
      visible: (r) => r.status === 'pending',
      confirm: '确定通过该专栏吗？通过后可在平台专栏中展示。',
      onClick: (r) =>
        approve.mutateAsync(r.id).then(
          () => dialogToast.success('已通过'),
          () => undefined,
        ),
    },
    {
      key: 'reject',
      label: '驳回',
      danger: true,
      permission: PLATFORM_COLUMN_KEY,
      visible: (r) => r.status === 'pending',
    },
  ];
  const rejecting = list.action?.key === 'reject' ? rows?.find((r) => String(r.id) === list.action?.id) : undefined;

  return (
    <ListPage<ColumnSubmission, Query>
      label="专栏审核列表"
      list={list}
      filterMode="change"
      filters={
        <>
          <Form.Item name="status" label="状态">
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={reviewStatuses.map((s) => ({ value: s, label: columnStatusLabels[s] }))}
            />
          </Form.Item>
          <Form.Item name="platform_column_id" label="平台专栏">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 200 }}
              loading={options.isLoading}
              options={(options.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
            />
          </Form.Item>
        </>
      }
      columns={tableColumns}
      rowKey="id"
      rows={rows}
      total={submissions.data?.total}
      loading={submissions.isFetching || approve.isPending}
      rowActions={rowActions}
      actionsWidth={130}
      scope="admin"
      tableProps={{
        locale: { emptyText: query.status === 'pending' ? '暂无待审核的专栏' : '暂无专栏' },
        size: 'middle',
      }}
      dialogs={{
        reject: {
          permission: PLATFORM_COLUMN_KEY,
          render: ({ close }) => (rejecting ? <PlatformColumnRejectDialog column={rejecting} onClose={close} /> : null),
        },
      }}
    />
  );
}
