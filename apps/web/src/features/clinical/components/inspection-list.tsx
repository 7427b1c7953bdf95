import {
  type InspectionListQuery,
  type InspectionTab,
  inspectionListQuerySchema,
  inspectionTabs,
  type RecipeSummary,
  recipeStatusLabels,
} from '@pharmacy/shared';
import { Button, Flex, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { ListDateRange, ListKeywordSearch, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useInspections } from '../api/inspection-list';
import { InspectionDialog } from './inspection-dialog';
import { genderText, InspectionStatusTag } from './inspection-status-tag';

const tabLabel = (t: InspectionTab) => (t === 'all' ? '全部' : recipeStatusLabels[t]);

function columnsFor(open: (r: RecipeSummary) => void): ColumnsType<RecipeSummary> {
  return [
    {
      key: 'recipe_no',
      title: '处方编号',
      width: 190,
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => open(r)}
          style={{ fontFamily: 'monospace', padding: 0, height: 'auto' }}
          aria-label={`处方详情：${r.recipe_no}`}
        >
          {r.recipe_no}
        </Button>
      ),
    },
    {
      key: 'patient',
      title: '患者',
      width: 120,
      render: (_: unknown, r) => (
        <Flex vertical>
          <span>{r.patient_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {[genderText(r.patient_gender), r.patient_age !== null ? `${r.patient_age} 岁` : '']
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'doctor', title: '医生', width: 100, render: (_: unknown, r) => r.doctor_name },
    {
      key: 'diagnoses',
      title: '诊断',
      width: 180,
      render: (_: unknown, r) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.diagnoses.join('；') }} style={{ margin: 0 }}>
          {r.diagnoses.join('；') || '-'}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'items',
      title: '药品',
      width: 260,
      render: (_: unknown, r) => (
        <Flex vertical gap={2} align="start">
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.items_text }} style={{ margin: 0, minWidth: 180 }}>
            {r.items_text || '-'}
          </Typography.Paragraph>
          {r.warning_count ? <Tag color="warning">{`开方提示 ${r.warning_count} 项`}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'order_no',
      title: '订单号',
      width: 190,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_: unknown, r) =>
        r.order_no ? (
          <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12 }}>{r.order_no}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    {
      key: 'created_at',
      title: '开具时间',
      width: 140,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_: unknown, r) => formatDateTime(r.created_at),
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (_: unknown, r) => <InspectionStatusTag status={r.status} />,
    },
  ];
}

/**
 * The pharmacist's prescriptions of the current pharmacy: status tabs with counts (待审方 first), search by number or
 * patient, doctor and dates (all in the URL), 审方 opens the inspect dialog (查看 once decided).
 */
export function InspectionList() {
  const list = useListPage({ querySchema: inspectionListQuerySchema });
  // the page's rule is the role (the contracts' { pharmacy: null, roles: ['pharmacist'] }), not a permission key
  const isPharmacist = useSessionStore((s) => s.userInfo?.roles.includes('pharmacist') ?? false);
  const query = list.query as InspectionListQuery;
  const { data, isFetching } = useInspections(query);

  // the boxes follow the URL (back button, cleared filters)

  const counts = data?.counts;
  const columns = useMemo(() => columnsFor((r) => list.openAction('inspect', r.id)), [list]);
  const rowActions: RowAction<RecipeSummary>[] = [
    { key: 'inspect', label: '审方', visible: (r) => r.status === 'pending_inspection' },
    { key: 'view', label: '查看', visible: (r) => r.status !== 'pending_inspection' },
  ];
  const filtered = Boolean(query.keyword || query.doctor_name || query.date_from || query.date_to);

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={query.status}
        onChange={(status) => list.setQuery({ status: status as InspectionTab })}
        items={inspectionTabs.map((t) => ({
          key: t,
          label: `${tabLabel(t)}${counts ? ` (${counts[t]})` : ''}`,
        }))}
        style={{ marginBottom: -8 }}
      />
      <ListPage<RecipeSummary, InspectionListQuery>
        label="处方审核列表"
        list={list}
        scope={() => isPharmacist}
        toolbar={
          <Flex gap={8} wrap align="center">
            <ListKeywordSearch
              label="搜索处方"
              placeholder="处方编号 / 患者姓名"
              value={query.keyword}
              onSearch={(v) => list.setQuery({ keyword: v })}
              width={240}
            />
            <ListKeywordSearch
              label="医生姓名"
              placeholder="医生姓名"
              value={query.doctor_name}
              onSearch={(v) => list.setQuery({ doctor_name: v })}
              width={180}
            />
            <ListDateRange
              label="开具日期"
              dateFrom={query.date_from}
              dateTo={query.date_to}
              onChange={(range) => list.setQuery(range)}
            />
            {filtered ? (
              <Button
                onClick={() =>
                  list.setQuery({
                    keyword: undefined,
                    doctor_name: undefined,
                    date_from: undefined,
                    date_to: undefined,
                  })
                }
              >
                清除筛选
              </Button>
            ) : null}
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
          inspect: { render: ({ id, close }) => <InspectionDialog id={Number(id)} onClose={close} /> },
          view: { render: ({ id, close }) => <InspectionDialog id={Number(id)} onClose={close} /> },
        }}
      />
    </Flex>
  );
}
