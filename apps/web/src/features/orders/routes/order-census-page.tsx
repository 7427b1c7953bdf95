import { type CensusGranularity, type CensusQuery, censusGranularities } from '@pharmacy/shared';
import { Alert, Card, Col, Result, Row, Skeleton, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PermissionGate } from '../../../components/permission-gate';
import { useCensus } from '../api/census-get';
import { useCensusPrice } from '../api/census-price';
import { CensusKindChart, CensusPriceChart, CensusStatusChart } from '../components/census-breakdown-charts';
import { CensusSummaryCards } from '../components/census-summary-cards';
import { CensusTable } from '../components/census-table';
import { CensusToolbar } from '../components/census-toolbar';
import { CensusTopProducts } from '../components/census-top-products';
import { CensusTrendChart } from '../components/census-trend-chart';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range and granularity from the URL; anything unreadable falls back to the server's default (last 30 days). */
function useCensusQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo<CensusQuery>(() => {
    const from = params.get('date_from') ?? '';
    const to = params.get('date_to') ?? '';
    const g = params.get('granularity') as CensusGranularity | null;
    const dates = DATE.test(from) && DATE.test(to) && from <= to ? { date_from: from, date_to: to } : {};
    return { ...dates, granularity: g && censusGranularities.includes(g) ? g : 'day' };
  }, [params]);
  const update = useCallback(
    (next: Partial<CensusQuery>) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next)) if (v) out.set(k, String(v));
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { query, update };
}

function CensusSection({ title, extra, children }: { title: string; extra?: string; children: React.ReactNode }) {
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

function CensusView() {
  const { query, update } = useCensusQuery();
  const census = useCensus(query);
  const price = useCensusPrice({ date_from: query.date_from, date_to: query.date_to, granularity: 'day' });
  const data = census.data;

  if (census.isError && !data) {
    return <Alert type="error" showIcon message="统计数据加载失败" description={census.error.message} />;
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <CensusToolbar
        dateFrom={data?.date_from ?? query.date_from ?? ''}
        dateTo={data?.date_to ?? query.date_to ?? ''}
        granularity={query.granularity}
        onDates={(date_from, date_to) => update({ date_from, date_to })}
        onGranularity={(granularity) => update({ granularity })}
      />
      {!data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Typography.Text type="secondary">
            统计范围：{data.date_from} 至 {data.date_to}（按下单时间，北京时间）。成交指已付款且未取消的订单，客单价 =
            成交金额 ÷ 成交订单数。
          </Typography.Text>
          <CensusSummaryCards summary={data.summary} />
          <CensusSection title="订单趋势" extra="订单数、成交订单数与成交金额">
            <CensusTrendChart census={data} />
          </CensusSection>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={8}>
              <CensusSection title="订单状态分布">
                <CensusStatusChart census={data} />
              </CensusSection>
            </Col>
            <Col xs={24} lg={8}>
              <CensusSection title="订单类型分布">
                <CensusKindChart census={data} />
              </CensusSection>
            </Col>
            <Col xs={24} lg={8}>
              <CensusSection title="价格统计" extra="成交订单按实付金额">
                {price.data ? <CensusPriceChart price={price.data} /> : <Skeleton active paragraph={{ rows: 6 }} />}
              </CensusSection>
            </Col>
          </Row>
          <CensusSection title="热销商品 TOP 10" extra="成交订单，套餐按套餐计">
            <CensusTopProducts census={data} />
          </CensusSection>
          <CensusSection title="统计明细">
            <CensusTable census={data} />
          </CensusSection>
        </>
      )}
    </div>
  );
}

/** /pharmacy/order/census — 订单统计 (order_statistics, the key both census routes check again). */
export default function OrderCensusPage() {
  return (
    <section aria-labelledby="census-title">
      <Typography.Title id="census-title" level={4} style={{ marginTop: 0 }}>
        订单统计
      </Typography.Title>
      <PermissionGate
        permission="order_statistics"
        fallback={<Result status="403" title="无权访问" subTitle="您没有订单统计权限，请联系药店管理员。" />}
      >
        <CensusView />
      </PermissionGate>
    </section>
  );
}
