import type { Census, CensusTopProduct } from '@pharmacy/shared';
import { Empty, Segmented, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { CensusChart } from './census-chart';
import type { CensusChartOption } from './census-echarts';
import { formatCount, formatYuan, topProductLabels } from './census-format';

type RankBy = 'qty' | 'amount';

const TYPE_LABELS: Record<string, string> = {
  RX: '处方药',
  OTC: '非处方药',
  HERBAL: '中药',
  NON_DRUG: '非药品',
  COMBO: '套餐',
};

/** 热销商品 top 10 by quantity or by amount (成交 orders; a combo counts as itself): a bar chart and its table. */
export function CensusTopProducts({ census }: { census: Census }) {
  const [by, setBy] = useState<RankBy>('qty');
  const rows = by === 'qty' ? census.top_by_qty : census.top_by_amount;
  const option = useMemo<CensusChartOption>(() => {
    const ordered = [...rows].reverse();
    const labelOf = topProductLabels(ordered);
    return {
      color: [by === 'qty' ? '#1261d6' : '#3f9f5a'],
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v) => (by === 'qty' ? `${v} 件` : formatYuan(Number(v ?? 0).toFixed(2))),
      },
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: by === 'qty' ? 1 : 0 },
      yAxis: {
        type: 'category',
        data: ordered.map(labelOf),
        axisLabel: { width: 220, overflow: 'truncate' },
      },
      series: [
        {
          name: by === 'qty' ? '销量' : '销售额',
          type: 'bar',
          barMaxWidth: 18,
          label: { show: true, position: 'right' },
          data: ordered.map((p) => (by === 'qty' ? p.qty : Number(p.amount))),
        },
      ],
    };
  }, [rows, by]);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Segmented<RankBy>
        aria-label="热销商品排序"
        value={by}
        onChange={setBy}
        options={[
          { value: 'qty', label: '按销量' },
          { value: 'amount', label: '按销售额' },
        ]}
      />
      {rows.length === 0 ? (
        <Empty description="该时间段内没有成交订单" />
      ) : (
        <>
          <CensusChart option={option} height={Math.max(200, rows.length * 34 + 24)} label="热销商品排行图" />
          <Table<CensusTopProduct>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: '排名', key: 'rank', width: 64, render: (_v, _r, i) => i + 1 },
              {
                title: '商品',
                dataIndex: 'name',
                render: (name: string, p) => (
                  <Space size={4} wrap>
                    <span>{name}</span>
                    {p.spec && <span style={{ color: 'rgba(0,0,0,0.6)' }}>{p.spec}</span>}
                    {p.manufacturer && <span style={{ color: 'rgba(0,0,0,0.6)' }}>{p.manufacturer}</span>}
                    <Tag>{TYPE_LABELS[p.product_type] ?? p.product_type}</Tag>
                  </Space>
                ),
              },
              { title: '销量', dataIndex: 'qty', align: 'right', width: 96, render: formatCount },
              { title: '销售额', dataIndex: 'amount', align: 'right', width: 128, render: formatYuan },
              { title: '订单数', dataIndex: 'orders', align: 'right', width: 88, render: formatCount },
            ]}
          />
        </>
      )}
    </div>
  );
}
