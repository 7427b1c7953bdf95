import {
  type AdminReport,
  type AdminReportListQuery,
  adminReportListQuerySchema,
  operatorKeys,
  type ReportStatus,
  reportStatusLabels,
  reportTabs,
  reportTargetKindLabels,
  reportTargetKinds,
} from '@pharmacy/shared';
import { Flex, Form, Input, Radio, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListDateRange, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { useAdminReports } from '../api/report-list';
import { useReportPharmacyOptions } from '../api/report-pharmacies';
import { ReportDecisionDialog } from './report-decision-dialog';
import { ReportDetailDrawer } from './report-detail-drawer';
import { ReportStatusTag } from './report-status-tag';

const nowrap = { whiteSpace: 'nowrap' } as const;
const tabLabel = (tab: (typeof reportTabs)[number]) => (tab === 'all' ? '全部' : reportStatusLabels[tab]);

const columns: ColumnsType<AdminReport> = [
  {
    key: 'target',
    title: '投诉对象',
    dataIndex: 'target_label',
    width: 220,
    render: (label: string, row) => (
      <div>
        <Typography.Text type="secondary">{reportTargetKindLabels[row.target_kind]} · </Typography.Text>
        {label}
        {row.pharmacy_name && row.target_kind !== 'pharmacy' ? (
          <div style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.6)' }}>{row.pharmacy_name}</div>
        ) : null}
      </div>
    ),
  },
  {
    key: 'category',
    title: '类型',
    dataIndex: 'category',
    width: 120,
    render: (c: string) => <span style={nowrap}>{c}</span>,
  },
  {
    key: 'content',
    title: '投诉内容',
    dataIndex: 'content',
    width: 320,
    render: (c: string, row) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: c }} style={{ margin: 0 }}>
        {row.image_count ? <Typography.Text type="secondary">[图{row.image_count}] </Typography.Text> : null}
        {c}
      </Typography.Paragraph>
    ),
  },
  {
    key: 'reporter',
    title: '投诉人',
    dataIndex: 'reporter_name',
    width: 130,
    render: (name: string, row) => (
      <div style={nowrap}>
        {name || '未填写'}
        <div style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.6)' }}>{row.reporter_phone}</div>
      </div>
    ),
  },
  {
    key: 'created_at',
    title: '投诉时间',
    dataIndex: 'created_at',
    width: 150,
    render: (t: string) => <span style={nowrap}>{formatDateTime(t)}</span>,
  },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 220,
    render: (status: ReportStatus, row) => (
      <div>
        <ReportStatusTag status={status} />
        {row.handled_at ? (
          <div style={{ fontSize: 12, marginTop: 4, color: 'rgba(0, 0, 0, 0.6)', whiteSpace: 'nowrap' }}>
            {row.handler_name} · {formatDateTime(row.handled_at)}
          </div>
        ) : null}
        {row.result ? (
          <Typography.Paragraph
            type={status === 'rejected' ? undefined : 'secondary'}
            ellipsis={{ rows: 2, tooltip: row.result }}
            // a rejection's reason in dark gold: antd's warning yellow is 1.9:1 on white
            style={{ margin: '4px 0 0', fontSize: 12, ...(status === 'rejected' ? { color: '#874d00' } : {}) }}
          >
            {status === 'rejected' ? '原因：' : '结果：'}
            {row.result}
          </Typography.Paragraph>
        ) : null}
      </div>
    ),
  },
];

const idOf = (id: string | null) => {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/**
 * 投诉管理 (operator, key report): every pharmacy's complaints, newest first, by status tab (with counts), target kind,
 * pharmacy, date and keyword; 查看 opens the detail (?action=detail&id=), 处理 / 驳回 while pending.
 */
export function AdminReportList() {
  const list = useListPage({ querySchema: adminReportListQuerySchema });
  const query = list.query as AdminReportListQuery;
  const { data, isFetching } = useAdminReports(query);
  const pharmacies = useReportPharmacyOptions();
  const rows = data?.list;
  const pending = (r: AdminReport) => r.status === 'pending';

  const rowActions: RowAction<AdminReport>[] = [
    { key: 'detail', label: '查看' },
    { key: 'process', label: '处理', permission: operatorKeys.report, visible: pending },
    { key: 'reject', label: '驳回', danger: true, permission: operatorKeys.report, visible: pending },
  ];
  const acting = (key: string) =>
    list.action?.key === key ? rows?.find((r) => String(r.id) === list.action?.id) : undefined;

  return (
    <ListPage<AdminReport, AdminReportListQuery>
      label="投诉列表"
      list={list}
      scope="admin"
      filters={
        <>
          <Form.Item name="keyword" label="搜索">
            <Input allowClear placeholder="内容 / 投诉人 / 手机号 / 订单号" maxLength={50} style={{ width: 230 }} />
          </Form.Item>
          <Form.Item name="target_kind" label="对象">
            <Select
              allowClear
              placeholder="全部"
              options={reportTargetKinds.map((k) => ({ value: k, label: reportTargetKindLabels[k] }))}
              style={{ width: 100 }}
            />
          </Form.Item>
          <Form.Item name="pharmacy_id" label="药店">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="全部药店"
              loading={pharmacies.isPending}
              options={pharmacies.data ?? []}
              style={{ width: 200 }}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <Flex gap={16} align="center" wrap>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={query.status}
            onChange={(e) => list.setQuery({ status: e.target.value })}
            options={reportTabs.map((tab) => ({
              value: tab,
              label: `${tabLabel(tab)}${data ? ` ${data.counts[tab]}` : ''}`,
            }))}
            aria-label="状态"
          />
          <Flex gap={8} align="center">
            <Typography.Text>投诉日期</Typography.Text>
            <ListDateRange
              label="投诉日期"
              dateFrom={query.date_from}
              dateTo={query.date_to}
              onChange={(range) => list.setQuery({ date_from: range.date_from, date_to: range.date_to })}
            />
          </Flex>
        </Flex>
      }
      columns={columns}
      rowKey="id"
      rows={rows}
      total={data?.total}
      loading={isFetching}
      rowActions={rowActions}
      actionsWidth={160}
      tableProps={{ locale: { emptyText: query.status === 'pending' ? '暂无待处理的投诉' : '暂无投诉' } }}
      dialogs={{
        detail: { render: ({ id, close }) => <ReportDetailDrawer key={id} id={idOf(id)} onClose={close} /> },
        process: {
          permission: operatorKeys.report,
          render: ({ close }) => {
            const r = acting('process');
            return r ? <ReportDecisionDialog report={r} decision="process" onClose={close} /> : null;
          },
        },
        reject: {
          permission: operatorKeys.report,
          render: ({ close }) => {
            const r = acting('reject');
            return r ? <ReportDecisionDialog report={r} decision="reject" onClose={close} /> : null;
          },
        },
      }}
    />
  );
}
