import {
  type HealthFormListQuery,
  type HealthFormStatus,
  type HealthFormSummary,
  healthFormListQuerySchema,
  healthFormTabLabels,
  healthFormTabs,
} from '@pharmacy/shared';
import { Flex, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { genderText, healthMeasureColumns } from '../../../components/health-form/health-form-columns';
import { ListDateRange, ListKeywordSearch, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { useHealthForms } from '../api/health-list';
import { HealthChartDialog } from './health-chart-dialog';
import { HealthFormDialog } from './health-form-dialog';

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
  ...healthMeasureColumns<HealthFormSummary>(),
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
