import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_SUFFIX,
  productTypeLabels,
  productTypes,
  type QuoteProduct,
  type QuoteProductQuery,
  showTotalText,
} from '@pharmacy/shared';
import { Button, Flex, Input, Modal, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { useQuoteCategories } from '../api/quote-categories';
import { useQuoteProducts } from '../api/quote-products';

export interface ProductPickerDialogProps {
  open: boolean;
  onClose: () => void;
  onPick: (product: QuoteProduct) => void;
  title?: string;
}

const typeOptions = productTypes.map((t) => ({ value: t, label: productTypeLabels[t] }));

/** Picks a catalogue product with its own search (name, generic name, approval number, barcode; type; category). */
export function ProductPickerDialog({ open, onClose, onPick, title = '选择药品' }: ProductPickerDialogProps) {
  const [query, setQuery] = useState<QuoteProductQuery>({ page: 1, page_size: DEFAULT_PAGE_SIZE });
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuoteProducts(query);
  const categories = useQuoteCategories();
  const patch = (next: Partial<QuoteProductQuery>) => setQuery((q) => ({ ...q, ...next, page: next.page ?? 1 }));

  const columns: ColumnsType<QuoteProduct> = [
    {
      key: 'name',
      title: '药品',
      render: (_: unknown, p) => (
        <Flex gap={8} align="center">
          <ImageWithFallback src={p.image ?? undefined} alt={p.name} width={40} height={40} />
          <Flex vertical>
            <Typography.Text strong>{p.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[p.generic_name, p.spec].filter(Boolean).join(' · ')}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    { key: 'manufacturer', title: '生产厂家', dataIndex: 'manufacturer', ellipsis: true },
    {
      key: 'approval_no',
      title: '批准文号 / 条码',
      render: (_: unknown, p) => (
        <Flex vertical>
          <span>{p.approval_no || '-'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.barcode || '-'}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'type', title: '类型', width: 90, render: (_: unknown, p) => <Tag>{productTypeLabels[p.type]}</Tag> },
    {
      key: 'pick',
      title: '操作',
      width: 90,
      render: (_: unknown, p) =>
        p.quoted ? (
          <Tag color="default">已报价</Tag>
        ) : (
          <Button
            type="link"
            size="small"
            onClick={() => onPick(p)}
            aria-label={`选择 ${p.name}${p.spec ? `（${p.spec}）` : ''}`}
          >
            选择
          </Button>
        ),
    },
  ];

  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="搜索药品"
          placeholder="名称 / 通用名 / 批准文号 / 条码"
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => patch({ keyword: v.trim() || undefined })}
          style={{ width: 300 }}
          enterButton="搜索"
        />
        <Select
          aria-label="类型"
          allowClear
          placeholder="全部类型"
          options={typeOptions}
          value={query.type}
          onChange={(type) => patch({ type })}
          style={{ width: 130 }}
        />
        <TreeSelect
          aria-label="分类"
          allowClear
          placeholder="全部分类"
          treeData={categories.data}
          value={query.category_id}
          onChange={(category_id) => patch({ category_id })}
          style={{ width: 180 }}
          showSearch
          treeNodeFilterProp="title"
        />
      </Space>
      <Table<QuoteProduct>
        aria-label="药品库"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={data?.list}
        loading={isFetching}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: data?.total ?? 0,
          showTotal: showTotalText,
          showSizeChanger: false,
          locale: { items_per_page: PAGE_SIZE_SUFFIX },
          onChange: (page) => setQuery((q) => ({ ...q, page })),
        }}
      />
    </Modal>
  );
}
