import { type PharmacyListQuery, type PublicPharmacy, pharmacyListQuerySchema } from '@pharmacy/shared';
import { Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { ListPage, useListPage } from '../../../components/list-page';
import { usePharmacies } from '../api/get-pharmacies';

const columns: ColumnsType<PublicPharmacy> = [
  {
    key: 'logo',
    title: '标志',
    width: 72,
    render: (_: unknown, p) => (
      <ImageWithFallback src={p.logo_url || undefined} alt={p.name} width={48} height={48} loading="lazy" />
    ),
  },
  {
    key: 'name',
    title: '药房名称',
    render: (_: unknown, p) => <Link to={`/pharmacy/detail?id=${p.id}`}>{p.name}</Link>,
  },
  {
    key: 'city',
    title: '所在地',
    render: (_: unknown, p) => [p.province, p.city, p.district].filter(Boolean).join(' '),
  },
  { key: 'address', title: '地址', dataIndex: 'address' },
  { key: 'phone', title: '电话', dataIndex: 'phone' },
  { key: 'hours', title: '营业时间', dataIndex: 'business_hours' },
  { key: 'quote_count', title: '在售药品', dataIndex: 'quote_count', align: 'right', render: (n: number) => `${n} 种` },
];

/** The cities that have pharmacies, for the city filter (read from the pharmacy list itself). */
function useCityOptions() {
  const { data } = usePharmacies({ page: 1, page_size: 100 });
  return useMemo(
    () =>
      [...new Set(data?.list.map((p) => p.city).filter(Boolean))]
        .sort((a, b) => a.localeCompare(b, 'zh-CN'))
        .map((c) => ({ value: c, label: c })),
    [data],
  );
}

/** The public pharmacy list: city filter and search, in the URL. */
export function PharmacyList() {
  const list = useListPage({ querySchema: pharmacyListQuerySchema });
  const query = list.query as PharmacyListQuery;
  const { data, isFetching } = usePharmacies(query);
  const cities = useCityOptions();

  return (
    <ListPage<PublicPharmacy, PharmacyListQuery>
      label="药房列表"
      list={list}
      filters={
        <>
          <Form.Item name="city" label="城市">
            <Select allowClear placeholder="全部城市" options={cities} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="q" label="搜索">
            <Input allowClear placeholder="药房名称或地址" maxLength={50} style={{ width: 220 }} />
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
