import type { RecipeStatisticsQuery } from '@pharmacy/shared';
import { Alert, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useRecipeStatistics } from '../api/census-statistics';
import { CensusCards } from '../components/census-cards';
import { CensusDayChart, CensusTopDrugChart } from '../components/census-charts';
import { CensusTable } from '../components/census-table';
import { CensusToolbar } from '../components/census-toolbar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range from the URL; anything unreadable falls back to the server's default (the last 30 days). */
function useStatisticsQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo<RecipeStatisticsQuery>(() => {
    const from = params.get('date_from') ?? '';
    const to = params.get('date_to') ?? '';
    return DATE.test(from) && DATE.test(to) && from <= to ? { date_from: from, date_to: to } : {};
  }, [params]);
  const update = useCallback(
    (date_from: string, date_to: string) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set('date_from', date_from);
          out.set('date_to', date_to);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { query, update };
}

function Section({ title, extra, children }: { title: string; extra?: string; children: React.ReactNode }) {
  return (
    <Card
      size="small"
      title={title}
      extra={extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
      styles={{ body: { padding: 16 } }}
    >
      {children}
    </Card>
  );
}

/** /doctor/census — 处方统计: the signed-in doctor's prescriptions over a range of days. */
export default function DoctorCensusPage() {
  const { query, update } = useStatisticsQuery();
  const statistics = useRecipeStatistics(query);
  const data = statistics.data;

  return (
    <section aria-labelledby="recipe-census-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title id="recipe-census-title" level={4} style={{ margin: 0 }}>
        处方统计
      </Typography.Title>
      <CensusToolbar
        dateFrom={data?.date_from ?? query.date_from ?? ''}
        dateTo={data?.date_to ?? query.date_to ?? ''}
        onDates={update}
      />
      {statistics.isError && !data ? (
        <Alert type="error" showIcon message="统计数据加载失败" description={statistics.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Typography.Text type="secondary">
            统计范围：{data.date_from} 至 {data.date_to}（按开具时间，北京时间）。审核通过率 = 审核通过 ÷ 已审核（通过 +
            驳回）；常用药品与平均药品数不含已作废的处方。
          </Typography.Text>
          <CensusCards statistics={data} />
          {data.summary.written === 0 && data.consultations.received === 0 ? (
            <Card size="small">
              <Empty description="该时间段内没有开具处方，也没有收到问诊需求。可以调整统计日期范围后再查看。" />
            </Card>
          ) : (
            <>
              <Row gutter={[16, 16]}>
                <Col xs={24} xl={14}>
                  <Section title="每日处方" extra="当天开具的处方及其中的审核结果">
                    <CensusDayChart statistics={data} />
                  </Section>
                </Col>
                <Col xs={24} xl={10}>
                  <Section title="常用药品 TOP 10" extra="按处方条数，其次开具数量">
                    {data.top_drugs.length ? (
                      <CensusTopDrugChart statistics={data} />
                    ) : (
                      <Empty description="该时间段内没有开具药品" />
                    )}
                  </Section>
                </Col>
              </Row>
              <Section title="统计明细">
                <CensusTable statistics={data} />
              </Section>
            </>
          )}
        </>
      )}
    </section>
  );
}
