import type { TeamFigures } from '@pharmacy/shared';
import { Card, Flex, Statistic } from 'antd';
import { formatCount, formatHoursMinutes, formatYuan } from './team-stat-format';

/** 邀请、报名、观看人数、观看时长、答题、成交订单、成交金额 over the whole range (the table's 合计). */
export function TeamStatCards({ total }: { total: TeamFigures }) {
  const cards = [
    { title: '邀请人数', value: formatCount(total.invited) },
    { title: '报名人数', value: formatCount(total.enrolled) },
    { title: '观看人数', value: formatCount(total.watched) },
    { title: '观看时长', value: formatHoursMinutes(total.watch_seconds) },
    { title: '答题人数', value: formatCount(total.answered) },
    { title: '成交订单', value: formatCount(total.orders) },
    { title: '成交金额', value: formatYuan(total.amount) },
  ];
  return (
    <Flex wrap gap={12}>
      {cards.map((c) => (
        <Card key={c.title} size="small" data-testid="team-stat-card" style={{ flex: '1 1 150px', minWidth: 150 }}>
          <Statistic title={c.title} value={c.value} />
        </Card>
      ))}
    </Flex>
  );
}
