import type { RecipeStatistics } from '@pharmacy/shared';
import { Card, Col, Row, Statistic, Typography } from 'antd';

const count = (n: number) => n.toLocaleString('zh-CN');

/** 开具处方 · 审核通过率 · 平均药品数 · 问诊需求 over the whole range. */
export function CensusCards({ statistics }: { statistics: RecipeStatistics }) {
  const { summary: s, consultations: c } = statistics;
  const cards = [
    {
      title: '开具处方',
      value: count(s.written),
      note: `待审方 ${count(s.pending_inspection)} · 已作废 ${count(s.void)}`,
    },
    {
      title: '审核通过率',
      value: s.approval_rate === null ? '—' : `${s.approval_rate}%`,
      note: `通过 ${count(s.approved)} / 已审核 ${count(s.inspected)}（驳回 ${count(s.rejected)}）`,
    },
    {
      title: '平均每张处方药品数',
      value: s.avg_items ?? '—',
      note: `药品 ${count(s.item_lines)} 条（不含作废处方）`,
    },
    {
      title: '问诊需求',
      value: `${count(c.prescribed)} / ${count(c.received)}`,
      note: '已开方 / 收到的问诊需求',
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} xl={6}>
          <Card size="small" data-testid="census-card">
            <Statistic title={card.title} value={card.value} />
            <Typography.Text type="secondary">{card.note}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
