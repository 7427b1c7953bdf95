import {
  type ComboQuote,
  type ComboQuoteQuery,
  PAGE_SIZE_SUFFIX,
  type ProductType,
  productTypeLabels,
  productTypes,
  showTotalText,
} from '@pharmacy/shared';
import { Flex, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { useComboQuotes } from '../api/combo-quotes';
import { ComboTypeTag } from './combo-type-tag';

export interface ComboQuotePickerDialogProps {
  /** Quotes already in the combo: shown ticked and not selectable again. */
  chosen: number[];
  /** How many more lines the combo may take (a combo holds at most 20). */
  room: number;
  onPick: (quotes: ComboQuote[]) => void;
  onClose: () => void;
}

const typeOptions = productTypes.map((value) => ({ value, label: productTypeLabels[value] }));

/** Picks quotes of the current pharmacy for a combo: search, type filter, paging; only on-shelf quotes can be ticked. */
export function ComboQuotePickerDialog({ chosen, room, onPick, onClose }: ComboQuotePickerDialogProps) {
  const [query, setQuery] = useState<ComboQuoteQuery>({ page: 1, page_size: 10 });
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Map<number, ComboQuote>>(new Map());
  const { data, isFetching } = useComboQuotes(query);
  const already = new Set(chosen);
  const full = picked.size >= room;

  const columns: ColumnsType<ComboQuote> = [
    {
      key: 'product',
      title: '商品',
      render: (_: unknown, q) => (
        <Flex gap={8} align="center">
          <ImageWithFallback src={q.image ?? undefined} alt={q.name} width={40} height={40} />
          <Flex vertical>
            <Typography.Text>{q.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {q.spec} · {q.manufacturer}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {q.approval_no || '—'} {q.barcode ? `· ${q.barcode}` : ''}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { key: 'type', title: '类型', width: 96, render: (_: unknown, q) => <ComboTypeTag type={q.type} /> },
    { key: 'price', title: '价格（元）', dataIndex: 'price', width: 100, align: 'right' },
    {
      key: 'stock',
      title: '库存',
      dataIndex: 'stock',
      width: 80,
      align: 'right',
      render: (stock: number) => (stock > 0 ? stock : <Typography.Text type="danger">0</Typography.Text>),
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (_: unknown, q) =>
        already.has(q.quote_id) ? (
          <Tag color="blue">已添加</Tag>
        ) : q.status === 'on_shelf' ? (
          <Tag color="green">上架</Tag>
        ) : (
          <Tag>已下架</Tag>
        ),
    },
  ];

  return (
    <Modal
      open
      title="选择商品"
      width={860}
      okText={picked.size ? `添加 ${picked.size} 种商品` : '添加'}
      okButtonProps={{ disabled: picked.size === 0 }}
      onOk={() => onPick([...picked.values()])}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="搜索商品"
          allowClear
          placeholder="商品名 / 通用名 / 批准文号 / 条形码"
          maxLength={50}
          style={{ width: 320 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(value) => setQuery((q) => ({ ...q, page: 1, keyword: value.trim() || undefined }))}
        />
        <Select<ProductType>
          aria-label="商品类型"
          allowClear
          placeholder="全部类型"
          style={{ width: 140 }}
          options={typeOptions}
          value={query.type}
          onChange={(type) => setQuery((q) => ({ ...q, page: 1, type }))}
        />
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          只能选择上架中的商品{room < 20 ? `，还可添加 ${Math.max(room - picked.size, 0)} 种` : ''}
        </Typography.Text>
      </Flex>
      <Table<ComboQuote>
        aria-label="可选商品"
        size="small"
        rowKey="quote_id"
        columns={columns}
        dataSource={data?.list}
        loading={isFetching}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...chosen, ...picked.keys()],
          hideSelectAll: true,
          getCheckboxProps: (q) => ({
            disabled: already.has(q.quote_id) || q.status !== 'on_shelf' || (full && !picked.has(q.quote_id)),
            'aria-label': `选择：${q.name} ${q.spec}`,
          }),
          onSelect: (q, selected) =>
            setPicked((current) => {
              const next = new Map(current);
              if (selected) next.set(q.quote_id, q);
              else next.delete(q.quote_id);
              return next;
            }),
        }}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: showTotalText,
          locale: { items_per_page: PAGE_SIZE_SUFFIX },
          onChange: (page) => setQuery((q) => ({ ...q, page })),
        }}
      />
    </Modal>
  );
}
