import { subtract, type TeamFigures, type TeamStatResult } from '@pharmacy/shared';
import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { formatCount, formatHoursMinutes, formatYuan } from './team-stat-format';

interface TeamStatRow extends TeamFigures {
  key: string;
  name: string;
  kind: 'team' | 'member';
  members?: number;
  children?: TeamStatRow[];
}

const counts: { key: keyof TeamFigures & string; title: string }[] = [
  { key: 'invited', title: '邀请人数' },
  { key: 'enrolled', title: '报名人数' },
  { key: 'watched', title: '观看人数' },
];
const later: { key: keyof TeamFigures & string; title: string }[] = [
  { key: 'answered', title: '答题人数' },
  { key: 'orders', title: '成交订单' },
];

const countColumn = ({ key, title }: { key: keyof TeamFigures & string; title: string }) => ({
  key,
  title,
  dataIndex: key,
  align: 'right' as const,
  width: 110,
  sorter: (a: TeamStatRow, b: TeamStatRow) => (a[key] as number) - (b[key] as number),
  render: (n: number) => formatCount(n),
});

const columns: ColumnsType<TeamStatRow> = [
  {
    key: 'name',
    title: '团队/成员',
    dataIndex: 'name',
    render: (name: string, row) =>
      row.kind === 'team' ? (
        <Typography.Text strong>
          {name}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginLeft: 6 }}>
            {row.members} 人
          </Typography.Text>
        </Typography.Text>
      ) : (
        name
      ),
  },
  ...counts.map(countColumn),
  {
    key: 'watch_seconds',
    title: '观看时长',
    dataIndex: 'watch_seconds',
    align: 'right',
    width: 120,
    sorter: (a, b) => a.watch_seconds - b.watch_seconds,
    render: (s: number) => formatHoursMinutes(s),
  },
  ...later.map(countColumn),
  {
    key: 'amount',
    title: '成交金额',
    dataIndex: 'amount',
    align: 'right',
    width: 140,
    sorter: (a, b) => Math.sign(Number(subtract(a.amount, b.amount))),
    render: (amount: string) => formatYuan(amount),
  },
];

const figures = (f: TeamFigures): TeamFigures => ({
  invited: f.invited,
  enrolled: f.enrolled,
  watched: f.watched,
  watch_seconds: f.watch_seconds,
  answered: f.answered,
  orders: f.orders,
  amount: f.amount,
});

/** Teams, each expandable to its members, and the total beneath (team = Σ members, total = Σ teams: the server's). */
export function TeamStatTable({ stat }: { stat: TeamStatResult }) {
  const rows = useMemo<TeamStatRow[]>(
    () =>
      stat.teams.map((team) => ({
        key: `team-${team.team_id ?? 'none'}`,
        name: team.team_name,
        kind: 'team',
        members: team.members.length,
        ...figures(team),
        children: team.members.length
          ? team.members.map((m) => ({ key: `member-${m.member_id}`, name: m.name, kind: 'member', ...figures(m) }))
          : undefined,
      })),
    [stat],
  );
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const expandable = rows.filter((r) => r.children).map((r) => r.key);
  const allOpen = expandable.length > 0 && expandable.every((k) => expanded.includes(k));
  const t = stat.total;

  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <Button
          size="small"
          type="link"
          disabled={!expandable.length}
          onClick={() => setExpanded(allOpen ? [] : expandable)}
        >
          {allOpen ? '全部收起' : '全部展开'}
        </Button>
      </div>
      <Table<TeamStatRow>
        data-testid="team-stat-table"
        size="middle"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 960 }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded, indentSize: 20 }}
        locale={{ emptyText: '暂无团队，请先在员工管理中设置客服团队' }}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>合计</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {formatCount(t.invited)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {formatCount(t.enrolled)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {formatCount(t.watched)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {formatHoursMinutes(t.watch_seconds)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {formatCount(t.answered)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {formatCount(t.orders)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {formatYuan(t.amount)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </div>
  );
}
