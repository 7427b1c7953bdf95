import { type CrossQuote, type CrossQuoteQuery, groupContracts, productTypeLabels } from '@pharmacy/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatDateTime } from '../../../lib/format';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';

/** The other pharmacies' quotes shared across the current pharmacy's group (GET /pharmacy/cross, quote_manage). */
function useCrossQuotes(query: CrossQuoteQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery({
    // the pharmacy names the answer: a switch never shows another pharmacy's group
    queryKey: ['quotes', pharmacyId, 'cross', query] as const,
    queryFn: ({ signal }) => callApi(groupContracts.crossQuotes, query, { signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });
}

const columns: ColumnsType<CrossQuote> = [
  {
    key: 'name',
    title: '药品',
    render: (_: unknown, q) => (
      <Flex gap={10} align="center" style={{ minWidth: 240 }}>
        <ImageWithFallback src={q.image ?? undefined} alt={q.name} width={48} height={48} />
        <Flex vertical>
          <Typography.Text strong>{q.name}</Typography.Text>
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
    key: 'type',
    title: '类型',
    width: 90,
    render: (_: unknown, q) => (
      <Tag color={q.type === 'RX' ? 'red' : q.type === 'OTC' ? 'green' : undefined}>{productTypeLabels[q.type]}</Tag>
    ),
  },
  { key: 'approval_no', title: '批准文号', dataIndex: 'approval_no', width: 200, render: (v: string) => v || '-' },
  { key: 'pharmacy_name', title: '报价药店', dataIndex: 'pharmacy_name', width: 200 },
  {
    key: 'price',
    title: '售价',
    align: 'right',
    width: 110,
    render: (_: unknown, q) => (
      <Flex vertical align="end" style={{ whiteSpace: 'nowrap' }}>
        <Typography.Text strong>¥{q.price}</Typography.Text>
        {q.original_price ? (
          <Typography.Text delete type="secondary" style={{ fontSize: 12 }}>
            ¥{q.original_price}
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
    width: 90,
    render: (stock: number) => (stock === 0 ? <Typography.Text type="danger">0 缺货</Typography.Text> : stock),
  },
  { key: 'updated_at', title: '更新时间', dataIndex: 'updated_at', width: 150, render: formatDateTime },
];

/**
 * 集团共享报价 (read-only): the on-shelf quotes the other pharmacies of this pharmacy's group share (the operator turns
 * sharing on per pharmacy in 集团管理), with the pharmacy, price and stock.
 */
export function CrossQuoteList() {
  const [query, setQuery] = useState<CrossQuoteQuery>({ page: 1, page_size: 20 });
  const [keyword, setKeyword] = useState('');
  const { data, isFetching, isLoading } = useCrossQuotes(query);

  if (data && !data.group) return <Empty style={{ padding: 48 }} description="本店尚未加入集团，暂无集团共享报价" />;

  return (
    <Flex vertical gap={12}>
      {data?.group ? (
        <Alert
          type="info"
          showIcon
          title={
            data.pharmacies.length
              ? `「${data.group.name}」中开启共享的药店：${data.pharmacies.map((p) => p.name).join('、')}。以下报价仅供参考，不可编辑。`
              : `「${data.group.name}」中暂无其他药店开启集团共享报价。`
          }
        />
      ) : null}
      <Flex gap={8} wrap>
        <Input.Search
          aria-label="搜索集团共享报价"
          placeholder="名称 / 通用名 / 批准文号 / 条码"
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, page: 1 }))}
          style={{ width: 300 }}
        />
        <Select
          aria-label="报价药店"
          allowClear
          placeholder="全部药店"
          style={{ width: 240 }}
          value={query.pharmacy_id}
          onChange={(v?: number) => setQuery((q) => ({ ...q, pharmacy_id: v, page: 1 }))}
          options={(data?.pharmacies ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Flex>
      <Table<CrossQuote>
        aria-label="集团共享报价列表"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.list}
        loading={isFetching || isLoading}
        locale={{ emptyText: '暂无集团共享报价' }}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page, pageSize) =>
            setQuery((q) => ({ ...q, page: pageSize === q.page_size ? page : 1, page_size: pageSize })),
        }}
      />
    </Flex>
  );
}
