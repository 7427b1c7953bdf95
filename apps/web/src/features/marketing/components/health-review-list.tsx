import {
  type HealthFormStatus,
  type HealthReviewListQuery,
  type HealthReviewSummary,
  healthFormTabLabels,
  healthFormTabs,
  healthReviewListQuerySchema,
} from '@pharmacy/shared';
import { Flex, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { genderText, healthMeasureColumns, relationText } from '../../../components/health-form/health-form-columns';
import { ListDateRange, ListKeywordSearch, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { useHealthReviews } from '../api/health-review-queries';
import { HealthReviewDrawer } from './health-review-drawer';

const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

const columns: ColumnsType<HealthReviewSummary> = [
  {
    key: 'patient_name',
    title: '就诊人',
    render: (_, r) => (
      <Flex vertical gap={0}>
        <span>{r.patient_name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {relationText(r.relation)}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'gender_age',
    title: '性别/年龄',
    width: 100,
    render: (_, r) => `${genderText(r.gender)} / ${r.age === null ? '-' : `${r.age}岁`}`,
  },
  {
    key: 'account',
    title: '客户',
    width: 150,
    render: (_, r) => (
      <Flex vertical gap={0}>
        <span>{r.account_name || '-'}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.account_phone}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'submitted_at',
    title: '提交时间',
    width: 150,
    onCell: nowrap,
    render: (_, r) => formatDateTime(r.submitted_at),
  },
  ...healthMeasureColumns<HealthReviewSummary>(),
];

/**
 * 健康表审核 (manager): the pharmacy's customers' forms by status tab (with counts), searched by name or phone and
 * submission date; 查看 / 审核 opens the detail drawer with 通过 and 驳回 (reason). All in the URL.
 */
export function HealthReviewList() {
  const list = useListPage({ querySchema: healthReviewListQuerySchema });
  const query = list.query as HealthReviewListQuery;
  const { data, isFetching } = useHealthReviews(query);
  const counts = data?.counts;

  const rowActions: RowAction<HealthReviewSummary>[] = [
    { key: 'review', label: '审核', visible: (r) => r.status === 'submitted' },
    { key: 'view', label: '查看', visible: (r) => r.status !== 'submitted' },
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
      <ListPage<HealthReviewSummary, HealthReviewListQuery>
        label="健康表列表"
        list={list}
        scope="none"
        toolbar={
          <Flex gap={8} wrap align="center">
            <ListKeywordSearch
              label="按姓名或手机号搜索"
              placeholder="姓名 / 手机号 / 后四位"
              value={query.keyword}
              onSearch={(v) => list.setQuery({ keyword: v })}
              width={240}
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
        actionsWidth={90}
        dialogs={{
          review: { render: ({ id, close }) => <HealthReviewDrawer id={Number(id)} onClose={close} /> },
          view: { render: ({ id, close }) => <HealthReviewDrawer id={Number(id)} onClose={close} /> },
        }}
      />
    </Flex>
  );
}
