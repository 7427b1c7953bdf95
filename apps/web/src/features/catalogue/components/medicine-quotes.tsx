import type { ProductQuote } from '@pharmacy/shared';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { Section } from '../../../components/catalogue-blocks/section';
import { useMedicineQuotes } from '../api/get-medicine-quotes';
import { formatYuan } from './money';

const columns: ColumnsType<ProductQuote> = [
  {
    key: 'pharmacy',
    title: '药房',
    render: (_: unknown, q) => <Link to={`/pharmacy/detail?id=${q.pharmacy_id}`}>{q.pharmacy_name}</Link>,
  },
  { key: 'city', title: '城市', dataIndex: 'pharmacy_city', width: 90 },
  {
    key: 'price',
    title: '价格',
    align: 'right',
    render: (_: unknown, q) => (
      <span>
        <span className="cat-price">{formatYuan(q.price)}</span>
        {q.original_price && q.original_price !== q.price ? (
          <s className="cat-muted" style={{ marginInlineStart: 6, fontSize: 12 }}>
            ¥{q.original_price}
          </s>
        ) : null}
      </span>
    ),
  },
  {
    key: 'stock',
    title: '库存',
    dataIndex: 'stock',
    align: 'right',
    render: (n: number) => (n > 0 ? n : <Tag>缺货</Tag>),
  },
  { key: 'sales', title: '销量', dataIndex: 'sales_count', align: 'right' },
];

/** The pharmacies that quote this medicine, cheapest first. */
export function MedicineQuotes({ productId }: { productId: number }) {
  const { data, isLoading, isError } = useMedicineQuotes(productId);
  const rows = data ? [...data].sort((a, b) => Number(a.price) - Number(b.price)) : undefined;
  return (
    <Section
      id="medicine-quotes"
      title={`药房报价${rows ? `（${rows.length}）` : ''}`}
      loading={isLoading}
      error={isError}
      empty={rows?.length === 0}
    >
      <Table<ProductQuote>
        aria-label="药房报价"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={rows && rows.length > 10 ? { pageSize: 10, showTotal: (t) => `共 ${t} 条` } : false}
        scroll={{ x: 'max-content' }}
      />
    </Section>
  );
}
