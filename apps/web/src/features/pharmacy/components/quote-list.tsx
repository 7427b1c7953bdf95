import { FilterOutlined, PushpinFilled } from '@ant-design/icons';
import {
  type PharmacyQuoteListQuery,
  pharmacyQuoteListQuerySchema,
  productTypeLabels,
  type QuoteListItem,
  type QuoteTab,
  quoteTabLabels,
  quoteTabs,
} from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, Input, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { ListPage, type RowAction, serializeListQuery, useListPage } from '../../../components/list-page';
import { PermissionGate } from '../../../components/permission-gate';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useDeleteQuote } from '../api/quote-delete';
import { quoteKeys } from '../api/quote-keys';
import { useQuotes } from '../api/quote-list';
import { useSetQuotesShelf } from '../api/quote-shelf';
import { useSetQuoteTop } from '../api/quote-top';
import { QuoteCreateDialog } from './quote-create-dialog';
import { QuoteEditDialog } from './quote-edit-dialog';
import { QuoteFilterDialog, type QuoteFilters, quoteFilterKeys } from './quote-filter-dialog';
import { QuoteImportDialog } from './quote-import-dialog';

const PERMISSION = 'quote_manage';

/** ¥12.50 (money stays a decimal string). */
const yuan = (v: string) => `¥${v}`;

const columns: ColumnsType<QuoteListItem> = [
  {
    key: 'name',
    title: '药品',
    render: (_: unknown, q) => (
      <Flex gap={10} align="center" style={{ minWidth: 240 }}>
        <ImageWithFallback src={q.image ?? undefined} alt={q.name} width={48} height={48} />
        <Flex vertical>
          <Typography.Text strong>
            {q.is_top ? <PushpinFilled aria-label="已置顶" style={{ color: '#fa541c', marginRight: 4 }} /> : null}
            {q.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[q.generic_name, q.spec].filter(Boolean).join(' · ')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {q.manufacturer}
          </Typography.Text>
        </Flex>
      </Flex>
    ),
  },
  {
    key: 'approval_no',
    title: '批准文号 / 条码',
    width: 190,
    render: (_: unknown, q) => (
      <Flex vertical>
        <span>{q.approval_no || '-'}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {q.barcode || '-'}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'type',
    title: '类型 / 分类',
    width: 110,
    render: (_: unknown, q) => (
      <Flex vertical gap={4} align="start">
        <Tag color={q.type === 'RX' ? 'red' : q.type === 'OTC' ? 'green' : undefined}>{productTypeLabels[q.type]}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {q.category_name ?? '-'}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'price',
    title: '售价',
    align: 'right',
    width: 110,
    render: (_: unknown, q) => (
      <Flex vertical align="end" style={{ whiteSpace: 'nowrap' }}>
        <Typography.Text strong>{yuan(q.price)}</Typography.Text>
        {q.original_price ? (
          <Typography.Text delete type="secondary" style={{ fontSize: 12 }}>
            {yuan(q.original_price)}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    key: 'stock',
    title: '库存',
    dataIndex: 'stock',
    align: 'right',
    width: 100,
    render: (stock: number) =>
      stock === 0 ? (
        <Typography.Text type="danger" style={{ whiteSpace: 'nowrap' }}>
          0 缺货
        </Typography.Text>
      ) : (
        stock
      ),
  },
  { key: 'sales_count', title: '销量', dataIndex: 'sales_count', align: 'right', width: 80 },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 100,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (s: QuoteListItem['status']) =>
      s === 'on_shelf' ? <Badge status="success" text="已上架" /> : <Badge status="default" text="已下架" />,
  },
  {
    key: 'updated_at',
    title: '更新时间',
    dataIndex: 'updated_at',
    width: 150,
    render: (t: string) => formatDateTime(t),
  },
];

/** A readable line per active filter, for the tags above the table. */
function filterTags(q: PharmacyQuoteListQuery): { key: keyof QuoteFilters; label: string }[] {
  const tags: { key: keyof QuoteFilters; label: string }[] = [];
  if (q.keyword) tags.push({ key: 'keyword', label: `关键词：${q.keyword}` });
  if (q.type) tags.push({ key: 'type', label: `类型：${productTypeLabels[q.type]}` });
  if (q.category_id) tags.push({ key: 'category_id', label: '分类：已选' });
  if (q.price_min) tags.push({ key: 'price_min', label: `最低价：¥${q.price_min}` });
  if (q.price_max) tags.push({ key: 'price_max', label: `最高价：¥${q.price_max}` });
  if (q.stock_below !== undefined) tags.push({ key: 'stock_below', label: `库存低于 ${q.stock_below}` });
  return tags;
}

/** The pharmacy's quotes: status tabs with counts, filters in the URL, row and batch actions, create and import. */
export function QuoteList() {
  const list = useListPage({ querySchema: pharmacyQuoteListQuerySchema });
  const query = list.query as PharmacyQuoteListQuery;
  const { data, isFetching } = useQuotes(query);
  const queryClient = useQueryClient();
  const shelf = useSetQuotesShelf();
  const top = useSetQuoteTop();
  const remove = useDeleteQuote();
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  const [keyword, setKeyword] = useState(query.keyword ?? '');

  // the search box follows the URL (back button, cleared filters)
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);

  const counts = data?.counts;
  const editId = list.action?.key === 'edit' ? list.action.id : null;
  const editing = data?.list.find((q) => String(q.id) === editId);

  const done = (text: string) => () => dialogToast.success(text);
  const ignore = () => undefined;

  const setShelf = (ids: number[], status: QuoteListItem['status']) =>
    shelf.mutateAsync({ ids, status }).then((r) => {
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      const verb = status === 'on_shelf' ? '上架' : '下架';
      dialogToast.success(ids.length > 1 ? `已${verb} ${r.updated} 条` : `已${verb}`);
    }, ignore);

  const rowActions: RowAction<QuoteListItem>[] = [
    { key: 'edit', label: '编辑', permission: PERMISSION },
    {
      key: 'on_shelf',
      label: '上架',
      permission: PERMISSION,
      visible: (q) => q.status === 'off_shelf',
      onClick: (q) => setShelf([q.id], 'on_shelf'),
    },
    {
      key: 'off_shelf',
      label: '下架',
      permission: PERMISSION,
      visible: (q) => q.status === 'on_shelf',
      onClick: (q) => setShelf([q.id], 'off_shelf'),
    },
    {
      key: 'pin',
      label: '置顶',
      permission: PERMISSION,
      visible: (q) => !q.is_top,
      onClick: (q) => top.mutateAsync({ id: q.id, is_top: true }).then(done('已置顶'), ignore),
    },
    {
      key: 'unpin',
      label: '取消置顶',
      permission: PERMISSION,
      visible: (q) => q.is_top,
      onClick: (q) => top.mutateAsync({ id: q.id, is_top: false }).then(done('已取消置顶'), ignore),
    },
    {
      key: 'delete',
      label: '删除',
      danger: true,
      permission: PERMISSION,
      confirm: '确定删除这条报价吗？删除后顾客将无法购买。',
      onClick: (q) =>
        remove.mutateAsync(q.id).then(() => {
          setSelected((s) => s.filter((id) => id !== q.id));
          dialogToast.success('已删除');
        }, ignore),
    },
  ];

  const filters = Object.fromEntries(quoteFilterKeys.map((k) => [k, query[k]])) as QuoteFilters;
  const tags = filterTags(query);
  const [, setSearchParams] = useSearchParams();
  // The new filters and the closed dialog in one URL change (setQuery keeps the open dialog, closeAction the old query).
  const applyFilters = (next: QuoteFilters) => {
    const patch = Object.fromEntries(quoteFilterKeys.map((k) => [k, next[k]])) as Partial<PharmacyQuoteListQuery>;
    setSelected([]);
    setSearchParams(
      serializeListQuery({ ...query, ...patch, status: next.status ?? 'all', page: 1 }, list.defaults, null),
    );
  };

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={query.status}
        onChange={(status) => {
          setSelected([]);
          list.setQuery({ status: status as QuoteTab });
        }}
        items={quoteTabs.map((t) => ({
          key: t,
          label: `${quoteTabLabels[t]}${counts ? ` (${counts[t]})` : ''}`,
        }))}
        style={{ marginBottom: -8 }}
      />
      <ListPage<QuoteListItem, PharmacyQuoteListQuery>
        label="报价列表"
        list={list}
        scope="pharmacy"
        toolbar={
          <Flex justify="space-between" wrap gap={8} style={{ width: '100%' }}>
            <Flex gap={8} wrap align="center">
              <Input.Search
                aria-label="搜索报价"
                placeholder="名称 / 通用名 / 批准文号 / 条码"
                allowClear
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                onSearch={(v) => list.setQuery({ keyword: v.trim() || undefined })}
                style={{ width: 300 }}
              />
              <Button icon={<FilterOutlined />} onClick={() => list.openAction('filter')}>
                筛选{tags.length ? `（${tags.length}）` : ''}
              </Button>
              {tags.map((t) => (
                <Tag key={t.key} closable onClose={() => list.setQuery({ [t.key]: undefined })}>
                  {t.label}
                </Tag>
              ))}
            </Flex>
            <Flex gap={8} wrap>
              <Button disabled={!selected.length} onClick={() => void setShelf(selected, 'on_shelf')}>
                批量上架{selected.length ? `（${selected.length}）` : ''}
              </Button>
              <Button disabled={!selected.length} onClick={() => void setShelf(selected, 'off_shelf')}>
                批量下架{selected.length ? `（${selected.length}）` : ''}
              </Button>
              <Button onClick={() => setImporting(true)}>批量导入</Button>
              <PermissionGate permission="quote_set">
                <Link to="/pharmacy/combo">
                  <Button>套餐管理</Button>
                </Link>
              </PermissionGate>
              <Button type="primary" onClick={() => list.openAction('create')}>
                新增报价
              </Button>
            </Flex>
          </Flex>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={220}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (q) => ({ 'aria-label': `选择：${q.name}` }),
        }}
        dialogs={{
          filter: {
            render: ({ close }) => <QuoteFilterDialog value={filters} onClose={close} onApply={applyFilters} />,
          },
          create: { permission: PERMISSION, render: ({ close }) => <QuoteCreateDialog onClose={close} /> },
          edit: {
            permission: PERMISSION,
            render: ({ close }) => <QuoteEditDialog quote={editing} loading={isFetching && !data} onClose={close} />,
          },
        }}
      />
      <QuoteImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onApplied={() => void queryClient.invalidateQueries({ queryKey: quoteKeys.all })}
      />
    </Flex>
  );
}
