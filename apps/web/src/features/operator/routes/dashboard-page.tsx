import { type DashboardQuery, type DashboardRange, dashboardRanges, operatorKeys } from '@pharmacy/shared';
import { Alert, Card, Col, Row, Skeleton, Typography } from 'antd';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { RequireAdminPermission } from '../../../components/permission-gate';
import { useDashboardOverview } from '../api/dashboard-overview';
import { DashboardCards } from '../components/dashboard-cards';
import { DashboardPharmacyChart, DashboardStatusChart, DashboardTrendChart } from '../components/dashboard-charts';
import { DashboardPharmacyTable, DashboardStatusList } from '../components/dashboard-tables';
import { DashboardToolbar } from '../components/dashboard-toolbar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range and the last day from the URL (?range=7d&date_to=2026-11-20); anything unreadable falls back. */
function useDashboardParams() {
  const [params, setParams] = useSearchParams();
  const query = useMemo<DashboardQuery>(() => {
    const range = params.get('range');
    const dateTo = params.get('date_to') ?? '';
    return {
      range: (dashboardRanges as readonly string[]).includes(range ?? '') ? (range as DashboardRange) : 'today',
      ...(DATE.test(dateTo) ? { date_to: dateTo } : {}),
    };
  }, [params]);
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined) out.delete(key);
            else out.set(key, value);
          }
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { query, update };
}

function Block({ title, extra, children }: { title: string; extra?: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={title}
      extra={extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
      styles={{ body: { padding: 16 } }}
      style={{ height: '100%' }}
    >
      {children}
    </Card>
  );
}

function Dashboard() {
  const { query, update } = useDashboardParams();
  const overview = useDashboardOverview(query);
  const data = overview.data;
  return (
    <>
      <DashboardToolbar
        range={query.range}
        dateTo={query.date_to}
        onRange={(range) => update({ range: range === 'today' ? undefined : range })}
        onDateTo={(date_to) => update({ date_to })}
        generatedAt={data?.generated_at}
      />
      {overview.isError && !data ? (
        <Alert type="error" showIcon title="看板数据加载失败" description={overview.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Typography.Text type="secondary">
            统计范围：{data.date_from === data.date_to ? data.date_from : `${data.date_from} 至 ${data.date_to}`}
            （北京时间，按下单、开方、入会、观看日期）。成交额 =
            已支付且未取消订单的实付金额；点击数字或图表可查看对应明细，明细总数与看板一致。
          </Typography.Text>
          <DashboardCards data={data} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <Block title="订单与成交额趋势" extra="按下单日期">
                <DashboardTrendChart data={data} />
              </Block>
            </Col>
            <Col xs={24} xl={10}>
              <Block title="订单状态分布" extra="订单当前状态">
                <DashboardStatusChart data={data} />
                <DashboardStatusList data={data} />
              </Block>
            </Col>
            <Col xs={24} xl={12}>
              <Block title="药店成交额排行" extra="前 10 名，其余合计为其他">
                {data.orders.by_pharmacy.length ? (
                  <DashboardPharmacyChart data={data} />
                ) : (
                  <Typography.Text type="secondary">该时间段内没有订单</Typography.Text>
                )}
              </Block>
            </Col>
            <Col xs={24} xl={12}>
              <Block title="药店订单明细">
                <DashboardPharmacyTable data={data} />
              </Block>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}

/** /website/dashboard — 数据看板 (key all): the platform's figures for today, 7 or 30 days, each linking to its list. */
export default function DashboardPage() {
  return (
    <section aria-labelledby="dashboard-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title id="dashboard-title" level={4} style={{ margin: 0 }}>
        数据看板
      </Typography.Title>
      <RequireAdminPermission permission={operatorKeys.dashboard}>
        <Dashboard />
      </RequireAdminPermission>
    </section>
  );
}
