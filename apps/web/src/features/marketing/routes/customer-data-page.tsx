import type { AdminMemberDataQuery } from '@pharmacy/shared';
import { Alert, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useMemberData, usePharmacyChoices } from '../api/member-data-queries';
import { MemberDataCards } from '../components/member-data-cards';
import { MemberDataCustomerChart, MemberDataLiveChart, MemberDataOrderChart } from '../components/member-data-charts';
import { MemberDataLives } from '../components/member-data-lives';
import { useMarketingScope } from '../components/member-data-scope';
import { MemberDataTable } from '../components/member-data-table';
import { MemberDataToolbar } from '../components/member-data-toolbar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const positive = (text: string | null, fallback: number, max = 1_000_000) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** The page's state in the URL: range, the operator's pharmacy, the live table's page; bad values fall back. */
function usePageState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => {
    const from = params.get('date_from') ?? '';
    const to = params.get('date_to') ?? '';
    const range = DATE.test(from) && DATE.test(to) && from <= to ? { date_from: from, date_to: to } : {};
    const pharmacy = params.get('pharmacy_id');
    const pharmacyId = pharmacy ? positive(pharmacy, 0, 2_147_483_647) || undefined : undefined;
    return {
      query: { ...range, ...(pharmacyId ? { pharmacy_id: pharmacyId } : {}) } as AdminMemberDataQuery,
      livePage: positive(params.get('live_page'), 1),
      liveSize: positive(params.get('live_size'), 10, 100),
    };
  }, [params]);
  const update = useCallback(
    (values: Record<string, string | number | undefined>) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(values)) {
            if (v === undefined || v === '') out.delete(k);
            else out.set(k, String(v));
          }
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { ...state, update };
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

/**
 * /marketManage/customer/datas (and /customer/data) — 会员数据: per Shanghai day over a range, the pharmacy's (its
 * staff) or the platform's (the operator, optionally one pharmacy) new and active customers, paid orders and amount,
 * live watch time and enrolments; then each live's figures.
 */
export default function CustomerDataPage() {
  const scope = useMarketingScope();
  const { query, livePage, liveSize, update } = usePageState();
  const figures = useMemberData(scope, query);
  const pharmacies = usePharmacyChoices(scope === 'admin');
  const data = figures.data;
  const empty =
    data &&
    data.totals.new_customers === 0 &&
    data.totals.active_customers === 0 &&
    data.totals.orders === 0 &&
    data.totals.enrollments === 0 &&
    data.totals.watch_seconds === 0;

  return (
    <section aria-labelledby="member-data-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title id="member-data-title" level={4} style={{ margin: 0 }}>
        会员数据{scope === 'admin' ? '（平台）' : ''}
      </Typography.Title>
      <MemberDataToolbar
        dateFrom={data?.date_from ?? query.date_from ?? ''}
        dateTo={data?.date_to ?? query.date_to ?? ''}
        onDates={(date_from, date_to) => update({ date_from, date_to, live_page: undefined })}
        pharmacy={
          scope === 'admin'
            ? {
                value: query.pharmacy_id,
                options: pharmacies.data ?? [],
                loading: pharmacies.isFetching,
                onChange: (id) => update({ pharmacy_id: id, live_page: undefined }),
              }
            : undefined
        }
      />
      {figures.isError && !data ? (
        <Alert type="error" showIcon message="会员数据加载失败" description={figures.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Typography.Text type="secondary">
            统计范围：{data.date_from} 至 {data.date_to}（北京时间，按天）。活跃客户 = 当天在本
            {scope === 'admin' ? '平台' : '店'}
            下单支付、发起咨询消息或观看直播的客户；合计中的活跃客户按整个区间去重，其余为各天之和。成交按支付时间，不含已取消订单。
          </Typography.Text>
          <MemberDataCards totals={data.totals} />
          {empty ? (
            <Card size="small">
              <Empty description="该时间段内没有会员数据，可以调整统计日期范围后再查看。" />
            </Card>
          ) : (
            <>
              <Row gutter={[16, 16]}>
                <Col xs={24} xl={12}>
                  <Section title="客户趋势" extra="每日新增与活跃客户">
                    <MemberDataCustomerChart data={data} />
                  </Section>
                </Col>
                <Col xs={24} xl={12}>
                  <Section title="成交趋势" extra="每日成交订单与金额">
                    <MemberDataOrderChart data={data} />
                  </Section>
                </Col>
                <Col xs={24}>
                  <Section title="直播趋势" extra="每日观看时长与报名人次">
                    <MemberDataLiveChart data={data} />
                  </Section>
                </Col>
              </Row>
              <Section title="每日明细">
                <MemberDataTable data={data} />
              </Section>
            </>
          )}
          <Section title="直播数据" extra="区间内开播或有观看的直播">
            <MemberDataLives
              scope={scope}
              dateFrom={data.date_from}
              dateTo={data.date_to}
              pharmacyId={query.pharmacy_id}
              page={livePage}
              pageSize={liveSize}
              onPage={(page, size) => update({ live_page: page, live_size: size })}
            />
          </Section>
        </>
      )}
    </section>
  );
}
