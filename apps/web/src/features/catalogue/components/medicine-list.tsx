import {
  isPriceRangeReversed,
  type MedicineListItem,
  type MedicineListQuery,
  medicineListQuerySchema,
  PRICE_RANGE_MESSAGE,
  productTypeLabels,
  productTypes,
} from '@pharmacy/shared';
import { Form, Input, Select, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { ListPage, useListPage } from '../../../components/list-page';
import { useCategoryTree } from '../api/get-categories';
import { useMedicines } from '../api/get-medicines';
import { medicineHref } from './medicine-card';
import { formatYuan } from './money';
import { ProductTypeTag } from './product-type-tag';

const columns: ColumnsType<MedicineListItem> = [
  {
    key: 'image',
    title: '图片',
    width: 72,
    render: (_: unknown, m) => (
      <ImageWithFallback src={m.image ?? undefined} alt={m.name} width={48} height={48} loading="lazy" />
    ),
  },
  {
    key: 'name',
    title: '药品名称',
    render: (_: unknown, m) => (
      <div style={{ display: 'grid', maxWidth: 260 }}>
        <Link to={medicineHref(m.id)}>{m.name}</Link>
        {m.generic_name && m.generic_name !== m.name ? (
          <span className="cat-muted" style={{ fontSize: 12 }}>
            通用名：{m.generic_name}
          </span>
        ) : null}
      </div>
    ),
  },
  {
    key: 'type',
    title: '类型',
    dataIndex: 'type',
    width: 96,
    render: (t: MedicineListItem['type']) => <ProductTypeTag type={t} />,
  },
  { key: 'spec', title: '规格', dataIndex: 'spec' },
  { key: 'manufacturer', title: '生产厂家', dataIndex: 'manufacturer' },
  { key: 'approval_no', title: '批准文号', dataIndex: 'approval_no', render: (v: string) => v || '—' },
  {
    key: 'min_price',
    title: '最低价',
    dataIndex: 'min_price',
    align: 'right',
    render: (v: string | null) => <span className={v ? 'cat-price' : 'cat-muted'}>{formatYuan(v)}</span>,
  },
  {
    key: 'pharmacy_count',
    title: '报价药房',
    dataIndex: 'pharmacy_count',
    align: 'right',
    render: (n: number) => `${n} 家`,
  },
];

const typeOptions = productTypes.map((t) => ({ value: t, label: productTypeLabels[t] }));
const sortOptions = [
  { value: 'default', label: '综合排序' },
  { value: 'sales', label: '销量优先' },
  { value: 'price_asc', label: '价格从低到高' },
  { value: 'price_desc', label: '价格从高到低' },
];

/** The public medicine list: search, type / category / price filters and sort, all in the URL. */
export function MedicineList() {
  const list = useListPage({ querySchema: medicineListQuerySchema });
  const query = list.query as MedicineListQuery;
  const { data, isFetching } = useMedicines(query);
  const { tree } = useCategoryTree();
  const [params, setParams] = useSearchParams();

  // Links written with `?category=<id or name>` (CMS content) become the list's `category_id` filter.
  const legacyCategory = params.get('category');
  useEffect(() => {
    if (legacyCategory === null || (!/^\d+$/.test(legacyCategory) && !tree)) return;
    const next = new URLSearchParams(params);
    next.delete('category');
    let id: number | undefined;
    if (/^\d+$/.test(legacyCategory)) id = Number(legacyCategory);
    else {
      const all = tree?.flatMap((c) => [c, ...c.children]) ?? [];
      id = all.find((c) => c.name === legacyCategory)?.id;
    }
    if (id) next.set('category_id', String(id));
    setParams(next, { replace: true });
  }, [legacyCategory, tree, params, setParams]);

  const treeData = useMemo(
    () =>
      tree?.map((c) => ({
        value: c.id,
        title: c.name,
        children: c.children.map((s) => ({ value: s.id, title: s.name })),
      })),
    [tree],
  );

  return (
    <ListPage<MedicineListItem, MedicineListQuery>
      label="药品列表"
      list={list}
      filters={
        <>
          <Form.Item name="q" label="搜索">
            <Input allowClear placeholder="名称、通用名、批准文号、条形码" maxLength={50} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="type" label="类型">
            <Select allowClear placeholder="全部类型" options={typeOptions} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="category_id" label="分类">
            <TreeSelect
              allowClear
              placeholder="全部分类"
              treeData={treeData}
              style={{ width: 180 }}
              treeDefaultExpandAll={false}
              loading={!treeData}
            />
          </Form.Item>
          <Form.Item label="价格" style={{ marginBottom: 0 }}>
            <div style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
              <Form.Item
                name="min_price"
                noStyle
                rules={[{ pattern: /^\d{1,10}(\.\d{1,2})?$/, message: '请输入金额' }]}
              >
                <Input aria-label="最低价" placeholder="最低价" style={{ width: 90 }} inputMode="decimal" />
              </Form.Item>
              <span>-</span>
              <Form.Item
                name="max_price"
                noStyle
                dependencies={['min_price']}
                rules={[
                  { pattern: /^\d{1,10}(\.\d{1,2})?$/, message: '请输入金额' },
                  // The query schema's rule, checked before the list is asked (a reversed range matches nothing).
                  ({ getFieldValue }) => ({
                    validator: async (_, max) => {
                      if (isPriceRangeReversed(getFieldValue('min_price'), max)) throw new Error(PRICE_RANGE_MESSAGE);
                    },
                  }),
                ]}
              >
                <Input aria-label="最高价" placeholder="最高价" style={{ width: 90 }} inputMode="decimal" />
              </Form.Item>
            </div>
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <Select options={sortOptions} style={{ width: 140 }} />
          </Form.Item>
        </>
      }
      columns={columns}
      rowKey="id"
      rows={data?.list}
      total={data?.total}
      loading={isFetching}
      scope="none"
      tableProps={{ locale: { emptyText: '暂无数据' }, size: 'middle' }}
    />
  );
}
