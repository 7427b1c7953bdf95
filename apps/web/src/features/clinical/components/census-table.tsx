import {
  consultationStatusLabels,
  type RecipeStatistics,
  type RecipeStatisticsDay,
  type RecipeTopDrug,
  recipeStatusLabels,
} from '@pharmacy/shared';
import { Descriptions, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { FocusableScroll } from '../../../components/focusable-scroll';

const nowrap = { style: { whiteSpace: 'nowrap' as const } };
const count = (n: number) => n.toLocaleString('zh-CN');
const weekday = (date: string) => '日一二三四五六'[new Date(`${date}T00:00:00Z`).getUTCDay()];

const dayFigures: ((d: RecipeStatisticsDay) => number)[] = [(d) => d.written, (d) => d.approved, (d) => d.rejected];

const dayColumns: TableColumnsType<RecipeStatisticsDay> = [
  { key: 'date', title: '日期', onCell: () => nowrap, render: (_, d) => `${d.date}（周${weekday(d.date)}）` },
  { key: 'written', title: '开具处方', align: 'right', render: (_, d) => count(d.written) },
  { key: 'approved', title: '其中审核通过', align: 'right', render: (_, d) => count(d.approved) },
  { key: 'rejected', title: '其中审核驳回', align: 'right', render: (_, d) => count(d.rejected) },
];

const drugColumns: TableColumnsType<RecipeTopDrug & { rank: number }> = [
  { key: 'rank', title: '排名', width: 64, align: 'center', render: (_, d) => d.rank },
  { key: 'name', title: '药品名称', render: (_, d) => d.name },
  { key: 'spec', title: '规格', onCell: () => nowrap, render: (_, d) => d.spec || '—' },
  { key: 'lines', title: '处方条数', align: 'right', render: (_, d) => count(d.lines) },
  { key: 'qty', title: '开具数量', align: 'right', render: (_, d) => count(d.qty) },
];

/** The charts' numbers as tables (the accessible reading of the charts): per day, top drugs, by status. */
export function CensusTable({ statistics: s }: { statistics: RecipeStatistics }) {
  const total = (pick: (d: RecipeStatisticsDay) => number) => count(s.days.reduce((n, d) => n + pick(d), 0));
  return (
    <Tabs
      items={[
        {
          key: 'days',
          label: '按日明细',
          children: (
            <FocusableScroll label="按日明细（可滚动）">
              <Table<RecipeStatisticsDay>
                size="small"
                bordered
                data-testid="census-day-table"
                rowKey="date"
                columns={dayColumns}
                dataSource={s.days}
                pagination={false}
                scroll={{ x: 'max-content', y: 480 }}
                summary={() => (
                  <Table.Summary fixed="bottom">
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>
                        <Typography.Text strong>合计</Typography.Text>
                      </Table.Summary.Cell>
                      {dayFigures.map((pick, i) => (
                        <Table.Summary.Cell key={String(i)} index={i + 1} align="right">
                          <Typography.Text strong>{total(pick)}</Typography.Text>
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  </Table.Summary>
                )}
              />
            </FocusableScroll>
          ),
        },
        {
          key: 'drugs',
          label: '常用药品',
          children: (
            <Table
              size="small"
              bordered
              data-testid="census-drug-table"
              rowKey="product_id"
              columns={drugColumns}
              dataSource={s.top_drugs.map((d, i) => ({ ...d, rank: i + 1 }))}
              pagination={false}
              locale={{ emptyText: '该时间段内没有开具药品' }}
            />
          ),
        },
        {
          key: 'status',
          label: '按状态',
          children: (
            <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }}>
              {s.by_status.map((row) => (
                <Descriptions.Item key={row.status} label={`处方${recipeStatusLabels[row.status]}`}>
                  {count(row.count)}
                </Descriptions.Item>
              ))}
              {s.consultations.by_status.map((row) => (
                <Descriptions.Item key={`c-${row.status}`} label={`问诊需求${consultationStatusLabels[row.status]}`}>
                  {count(row.count)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ),
        },
      ]}
    />
  );
}
