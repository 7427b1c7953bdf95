import {
  type Combo,
  type ComboListQuery,
  type ComboTab,
  comboListQuerySchema,
  comboMessages,
  comboTabLabels,
  comboTabs,
  quoteSetStatusLabels,
} from '@pharmacy/shared';
import { Button, Flex, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ListDialog, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { useDeleteCombo } from '../api/combo-delete';
import { useCombos } from '../api/combo-list';
import { useSetComboStatus } from '../api/combo-status';
import { ComboDetailDialog } from './combo-detail-dialog';
import { ComboFilterDialog } from './combo-filter-dialog';
import { ComboFormDialog } from './combo-form-dialog';
import { savingColors } from './combo-totals';

const KEY = 'quote_set';

const itemsSummary = (c: Combo) => c.items.map((i) => `${i.name}×${i.qty}`).join('、');

const columns: ColumnsType<Combo> = [
  {
    key: 'name',
    title: '套餐名称',
    width: 240,
    render: (_: unknown, c) => (
      <Flex vertical gap={4} align="flex-start">
        <Typography.Text strong>{c.name}</Typography.Text>
        <Flex gap={4} wrap>
          {c.has_off_shelf ? <Tag color="red">{comboMessages.hasOffShelf}</Tag> : null}
          {c.unavailable_items.some((u) => u.reason === 'out_of_stock') ? <Tag color="orange">库存不足</Tag> : null}
        </Flex>
      </Flex>
    ),
  },
  {
    key: 'items',
    title: '商品',
    render: (_: unknown, c) => (
      <Tooltip title={itemsSummary(c)}>
        <Typography.Text ellipsis style={{ maxWidth: 300 }}>
          {c.items.length} 种：{itemsSummary(c)}
        </Typography.Text>
      </Tooltip>
    ),
  },
  {
    key: 'items_total',
    title: '原价合计',
    dataIndex: 'items_total',
    width: 110,
    align: 'right',
    render: (v: string) => `¥${v}`,
  },
  { key: 'price', title: '套餐价', dataIndex: 'price', width: 110, align: 'right', render: (v: string) => `¥${v}` },
  {
    key: 'saving',
    title: '节省',
    dataIndex: 'saving',
    width: 100,
    align: 'right',
    render: (saving: string) =>
      saving.startsWith('-') ? (
        <Typography.Text style={{ color: savingColors.loss }}>-¥{saving.slice(1)}</Typography.Text>
      ) : (
        <Typography.Text style={{ color: savingColors.gain }}>¥{saving}</Typography.Text>
      ),
  },
  {
    key: 'status',
    title: '状态',
    width: 90,
    render: (_: unknown, c) => (
      <Tag color={c.status === 'on_sale' ? 'green' : 'default'}>{quoteSetStatusLabels[c.status]}</Tag>
    ),
  },
  {
    key: 'updated_at',
    title: '更新时间',
    dataIndex: 'updated_at',
    width: 170,
    render: (t: string) => formatDateTime(t),
  },
];

const positiveId = (id: string | null) => {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /pharmacy/combo: the pharmacy's combos with status tabs and counts, keyword filter, create / edit, on / off sale. */
export function ComboList() {
  const list = useListPage({ querySchema: comboListQuerySchema });
  const query = list.query as ComboListQuery;
  const { data, isFetching } = useCombos(query);
  const setStatus = useSetComboStatus();
  const remove = useDeleteCombo();

  const changeStatus = (c: Combo, status: 'on_sale' | 'off_sale') =>
    setStatus.mutateAsync({ id: c.id, status }).then(
      () => dialogToast.success(status === 'on_sale' ? `「${c.name}」已上架` : `「${c.name}」已下架`),
      // 400111: the server's message is for people (套餐中的「…」已下架，不能上架); other failures were already shown
      (error: unknown) => {
        if (isApiError(error) && error.code === 400111) dialogToast.error(error.msg);
      },
    );

  const rowActions: RowAction<Combo>[] = [
    { key: 'view', label: '查看' },
    { key: 'edit', label: '编辑', permission: KEY },
    {
      key: 'on_sale',
      label: '上架',
      permission: KEY,
      visible: (c) => c.status === 'off_sale',
      onClick: (c) => changeStatus(c, 'on_sale'),
    },
    {
      key: 'off_sale',
      label: '下架',
      permission: KEY,
      visible: (c) => c.status === 'on_sale',
      confirm: '下架后顾客将无法购买该套餐，确定下架吗？',
      onClick: (c) => changeStatus(c, 'off_sale'),
    },
    {
      key: 'delete',
      label: '删除',
      permission: KEY,
      danger: true,
      confirm: '删除后不可恢复，确定删除该套餐吗？',
      onClick: (c) =>
        remove.mutateAsync(c.id).then(
          () => dialogToast.success('套餐已删除'),
          () => undefined,
        ),
    },
  ];

  const dialogs: Record<string, ListDialog> = {
    view: {
      render: ({ id, close }) => {
        const n = positiveId(id);
        return n ? <ComboDetailDialog id={n} onClose={close} /> : null;
      },
    },
    edit: {
      permission: KEY,
      render: ({ id, close }) => {
        const n = positiveId(id);
        return n ? <ComboFormDialog id={n} onClose={close} /> : null;
      },
    },
    create: { permission: KEY, render: ({ close }) => <ComboFormDialog id={null} onClose={close} /> },
    filter: { render: ({ close }) => <ComboFilterDialog keyword={query.keyword} onClose={close} /> },
  };

  const counts = data?.counts;
  return (
    <>
      <Tabs
        activeKey={query.status}
        onChange={(key) => list.setQuery({ status: key as ComboTab })}
        items={comboTabs.map((tab) => ({
          key: tab,
          label: counts ? `${comboTabLabels[tab]}（${counts[tab]}）` : comboTabLabels[tab],
        }))}
      />
      <ListPage<Combo, ComboListQuery>
        label="套餐列表"
        list={list}
        scope="pharmacy"
        toolbar={
          <>
            <Button type="primary" onClick={() => list.openAction('create')}>
              新建套餐
            </Button>
            <Button onClick={() => list.openAction('filter')}>筛选</Button>
            {query.keyword ? (
              <Tag closable onClose={() => list.setQuery({ keyword: undefined })} style={{ alignSelf: 'center' }}>
                关键词：{query.keyword}
              </Tag>
            ) : null}
          </>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={200}
        dialogs={dialogs}
      />
    </>
  );
}
