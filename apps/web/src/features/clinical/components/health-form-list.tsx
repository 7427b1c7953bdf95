import {
  type HealthFormListQuery,
  type HealthFormStatus,
  type HealthFormSummary,
  healthFormListQuerySchema,
  healthFormTabLabels,
  healthFormTabs,
} from '@pharmacy/shared';
import { Flex, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListDateRange, ListKeywordSearch, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { useHealthForms } from '../api/health-list';
import { HealthChartDialog } from './health-chart-dialog';
import { HealthFormDialog } from './health-form-dialog';
import { genderText, HealthStatusTag } from './health-status-tag';

/** Blood pressure above 140/90 or fasting sugar ≥ 7.0 reads in red: what a doctor looks at first. */
const high = { color: '#cf1322', fontWeight: 500 } as const;

const columns: ColumnsType<HealthFormSummary> = [
  { key: 'patient_name', title: '就诊人', render: (_, r) => r.patient_name },
  {
    key: 'gender_age',
    title: '性别/年龄',
    width: 100,
    render: (_, r) => `${genderText(r.gender)} / ${r.age === null ? '-' : `${r.age}岁`}`,
  },
  {
    key: 'submitted_at',
    title: '提交时间',
    width: 150,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_, r) => formatDateTime(r.submitted_at),
  },
  {
    key: 'bp',
    title: '血压',
    width: 130,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_, r) =>
      r.systolic === null ? (
        '-'
      ) : (
        <span style={r.systolic >= 140 || (r.diastolic ?? 0) >= 90 ? high : undefined}>
          {r.systolic}/{r.diastolic} <Typography.Text type="secondary">mmHg</Typography.Text>
        </span>
      ),
  },
  {
    key: 'sugar',
    title: '血糖',
    width: 130,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_, r) =>
      r.blood_sugar === null ? (
        '-'
      ) : (
        <span style={Number(r.blood_sugar) >= 7 ? high : undefined}>
          {r.blood_sugar} <Typography.Text type="secondary">mmol/L</Typography.Text>
        </span>
      ),
  },
  { key: 'bmi', title: 'BMI', width: 80, render: (_, r) => r.bmi ?? '-' },
  {
    key: 'status',
    title: '状态',
    width: 160,
    render: (_, r) => (
      <Flex vertical gap={2} align="start">
        <HealthStatusTag status={r.status} />
        {r.status === 'rejected' && r.reject_reason ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.reject_reason }}>
            {r.reject_reason}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
];

/**
 * 健康表审核: the doctor's assigned forms by status tab (with counts), searched by patient name and submission date;
 * 查看 opens the form dialog (approve / reject with a reason), 健康曲线 the chart dialog. All in the URL.
 */
export function HealthFormList() {
  const list = useListPage({ querySchema: healthFormListQuerySchema });
  const query = list.query as HealthFormListQuery;
  const { data, isFetching } = useHealthForms(query);
  const counts = data?.counts;

  const rowActions: RowAction<HealthFormSummary>[] = [
    { key: 'form', label: '查看' },
    { key: 'chart', label: '健康曲线' },
  ];

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={query.status}
        onChange={(status) => list.setQuery({ status: status as HealthFormStatus })}
        items={healthFormTabs.map((t) => ({
          key: t,
          label: `${healthFormTabLabels[t]}${counts ? ` (${counts[t]})` : ''}`,
        }))}
        style={{ marginBottom: -8 }}
      />
      <ListPage<HealthFormSummary, HealthFormListQuery>
        label="健康表列表"
        list={list}
        scope="none"
        toolbar={
          <Flex gap={8} wrap align="center">
            <ListKeywordSearch
              label="按就诊人姓名搜索"
              placeholder="就诊人姓名"
              value={query.name}
              onSearch={(v) => list.setQuery({ name: v })}
              width={220}
            />
            <ListDateRange
              label="提交日期"
              dateFrom={query.date_from}
              dateTo={query.date_to}
              onChange={(range) => list.setQuery(range)}
            />
          </Flex>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={150}
        dialogs={{
          form: {
            render: ({ id, close }) => <HealthFormDialog id={Number(id)} onClose={close} />,
          },
          chart: {
            render: ({ id, close }) => <HealthChartDialog id={Number(id)} onClose={close} />,
          },
        }}
      />
    </Flex>
  );
}
