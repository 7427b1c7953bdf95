import { type PharmacyProduct, showTotalText } from '@pharmacy/shared';
import { Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { Section } from '../../../components/catalogue-blocks/section';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { usePharmacyProducts } from '../api/get-pharmacy-products';
import { medicineHref } from './medicine-card';
import { formatYuan } from './money';
import { ProductTypeTag } from './product-type-tag';

const columns: ColumnsType<PharmacyProduct> = [
  {
    key: 'image',
    title: '图片',
    width: 72,
    render: (_: unknown, q) => (
      <ImageWithFallback
        src={q.product.image ?? undefined}
        alt={q.product.name}
        width={48}
        height={48}
        loading="lazy"
      />
    ),
  },
  {
    key: 'name',
    title: '药品',
    render: (_: unknown, q) => <Link to={medicineHref(q.product.id)}>{q.product.name}</Link>,
  },
  { key: 'type', title: '类型', width: 96, render: (_: unknown, q) => <ProductTypeTag type={q.product.type} /> },
  { key: 'spec', title: '规格', render: (_: unknown, q) => q.product.spec },
  { key: 'maker', title: '生产厂家', render: (_: unknown, q) => q.product.manufacturer },
  {
    key: 'price',
    title: '价格',
    align: 'right',
    render: (_: unknown, q) => <span className="cat-price">{formatYuan(q.price)}</span>,
  },
  { key: 'stock', title: '库存', dataIndex: 'stock', align: 'right' },
  { key: 'sales', title: '销量', dataIndex: 'sales_count', align: 'right' },
];

/**
 * A pharmacy's quotes. Paged in component state: the detail page's own `?id=` would collide with the list-page
 * block's `id` (the open dialog's row) in the URL.
 */
export function PharmacyProducts({ pharmacyId }: { pharmacyId: number }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [q, setQ] = useState<string | undefined>();
  const { data, isLoading, isFetching, isError } = usePharmacyProducts({
    pharmacy_id: pharmacyId,
    page,
    page_size: pageSize,
    q,
  });
  return (
    <Section
      id="pharmacy-products"
      title={`在售药品${data ? `（${data.total}）` : ''}`}
      extra={
        <Input.Search
          aria-label="搜索本店药品"
          placeholder="搜索本店药品"
          allowClear
          maxLength={50}
          style={{ maxWidth: 240 }}
          onSearch={(v) => {
            setQ(v.trim() || undefined);
            setPage(1);
          }}
        />
      }
      loading={isLoading}
      error={isError}
    >
      <Table<PharmacyProduct>
        aria-label="在售药品"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.list}
        loading={isFetching}
        locale={{ emptyText: '暂无数据' }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: showTotalText,
          onChange: (p, s) => {
            setPage(s !== pageSize ? 1 : p);
            setPageSize(s);
          },
        }}
      />
    </Section>
  );
}
