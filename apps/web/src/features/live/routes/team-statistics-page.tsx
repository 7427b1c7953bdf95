import type { TeamStatQuery } from '@pharmacy/shared';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTeamStat, useTeams } from '../api/team-stat';
import { TeamStatCards } from '../components/team-stat-cards';
import { daysBetween, defaultTeamStatRange, TEAM_STAT_MAX_DAYS } from '../components/team-stat-format';
import { TeamStatTable } from '../components/team-stat-table';
import { TeamStatToolbar } from '../components/team-stat-toolbar';
import { TeamStatTrendChart } from '../components/team-stat-trend-chart';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range and team from the URL (date_from, date_to, team_id); a missing or unreadable range is the last 30
 * Shanghai days, written back into the URL so the address always names what the page shows.
 */
function useTeamStatQuery() {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => {
    const from = params.get('date_from') ?? '';
    const to = params.get('date_to') ?? '';
    const team = Number(params.get('team_id'));
    const valid = DATE.test(from) && DATE.test(to) && from <= to && daysBetween(from, to) <= TEAM_STAT_MAX_DAYS;
    return { valid, from, to, team: Number.isInteger(team) && team > 0 ? team : undefined };
  }, [params]);
  const query = useMemo<TeamStatQuery>(() => {
    const range = fromUrl.valid ? { date_from: fromUrl.from, date_to: fromUrl.to } : defaultTeamStatRange();
    return fromUrl.team ? { ...range, team_id: fromUrl.team } : range;
  }, [fromUrl]);
  const update = useCallback(
    (next: Partial<Record<'date_from' | 'date_to' | 'team_id', string | undefined>>) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next)) {
            if (v) out.set(k, v);
            else out.delete(k);
          }
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => {
    if (!fromUrl.valid) update({ date_from: query.date_from, date_to: query.date_to });
  }, [fromUrl.valid, query.date_from, query.date_to, update]);
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

/** /broadcast/teamStatistics — 团队统计: the broadcast set (liveStaffAccess, the server's rule for both calls). */
export default function TeamStatisticsPage() {
  const { query, update } = useTeamStatQuery();
  const stat = useTeamStat(query);
  const teams = useTeams();
  const data = stat.data;

  return (
    <section aria-labelledby="team-stat-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title id="team-stat-title" level={4} style={{ margin: 0 }}>
        团队统计
      </Typography.Title>
      <TeamStatToolbar
        dateFrom={query.date_from}
        dateTo={query.date_to}
        teamId={query.team_id}
        teams={teams.data ?? []}
        teamsLoading={teams.isPending}
        onDates={(date_from, date_to) => update({ date_from, date_to })}
        onTeam={(team) => update({ team_id: team ? String(team) : undefined })}
      />
      {stat.isError && !data ? (
        <Alert type="error" showIcon message="团队统计加载失败" description={stat.error.message} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Typography.Text type="secondary">
            统计范围：{query.date_from} 至 {query.date_to}
            （北京时间）。学员归属于其在本店首次经邀请（或由员工代为）报名时的邀请人，观看、答题与成交按归属计入；
            成交指学员报名后下单、已付款且未取消的订单（已退款的不计）。
          </Typography.Text>
          <TeamStatCards total={data.total} />
          <Section title="每日趋势" extra="学员在所选范围内首次计入的日期，各日相加等于合计">
            <TeamStatTrendChart daily={data.daily} />
          </Section>
          <Section title="团队明细" extra="点击团队展开成员">
            <TeamStatTable stat={data} />
          </Section>
        </>
      )}
    </section>
  );
}
