import type { PlatformCensus } from '@pharmacy/shared';
import { Card, Col, Row, Statistic, Typography } from 'antd';

const count = (n: number) => n.toLocaleString('zh-CN');
const percent = (v: string | null) => (v === null ? '—' : `${v}%`);

/** 开具处方 · 已审核 · 审核通过率 · 驳回率 · 药店与医生 · 平均药品数 over the whole range. */
export function CensusCards({ census }: { census: PlatformCensus }) {
  const s = census.summary;
  const cards = [
    {
      title: '开具处方',
      value: count(s.written),
      note: `待审核 ${count(s.pending_inspection)} · 已作废 ${count(s.void)}`,
    },
    { title: '已审核', value: count(s.inspected), note: `通过 ${count(s.approved)} · 驳回 ${count(s.rejected)}` },
    { title: '审核通过率', value: percent(s.approval_rate), note: '审核通过 ÷ 已审核' },
    { title: '驳回率', value: percent(s.rejection_rate), note: '审核驳回 ÷ 已审核' },
    {
      title: '开方药店 / 医生',
      value: `${count(s.pharmacies)} / ${count(s.doctors)}`,
      note: '有处方的药店数 / 医生数',
    },
    { title: '平均每张处方药品数', value: s.avg_items ?? '—', note: `药品 ${count(s.item_lines)} 条（不含作废）` },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} lg={8} xxl={4}>
          <Card size="small" data-testid="census-card">
            <Statistic title={card.title} value={card.value} />
            <Typography.Text type="secondary">{card.note}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
