import {
  maskPhone,
  shanghaiDayEnd,
  shanghaiDayStart,
  type TeamFigures,
  type TeamStatQuery,
  type TeamStatResult,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { TeamStatRepository, TeamStatRow } from './team-stat.repository';

/** The longest range the statistics answer (days, inclusive). */
export const TEAM_STAT_MAX_DAYS = 366;
export const teamStatMessages = {
  tooLong: `统计时间范围不能超过 ${TEAM_STAT_MAX_DAYS} 天`,
  datesOrder: '结束日期不能早于开始日期',
} as const;
/** The group of members without a team. */
export const NO_TEAM_NAME = '未分组';

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

const figures = (row: TeamStatRow): TeamFigures => ({
  invited: row.invited,
  enrolled: row.enrolled,
  watched: row.watched,
  watch_seconds: Number(row.watch_seconds),
  answered: row.answered,
  orders: row.orders,
  amount: row.amount,
});
const zero = (): TeamFigures => ({
  invited: 0,
  enrolled: 0,
  watched: 0,
  watch_seconds: 0,
  answered: 0,
  orders: 0,
  amount: '0.00',
});

type TeamEntry = TeamStatResult['teams'][number];

/** Team statistics of one pharmacy: checks the range, places SQL's figures into the answer (every sum is SQL's). */
export class TeamStatService {
  constructor(private readonly repo: TeamStatRepository) {}

  teams(pharmacyId: number) {
    return this.repo.teams(pharmacyId);
  }

  async stat(pharmacyId: number, query: TeamStatQuery): Promise<TeamStatResult> {
    const { date_from: dateFrom, date_to: dateTo } = query;
    if (dateFrom > dateTo) throw AppError.badParams('date_to', teamStatMessages.datesOrder, 'date_to before date_from');
    if (dayNumber(dateTo) - dayNumber(dateFrom) + 1 > TEAM_STAT_MAX_DAYS) {
      throw AppError.badParams('date_from', teamStatMessages.tooLong, `Range longer than ${TEAM_STAT_MAX_DAYS} days`);
    }
    const rows = await this.repo.stat({
      pharmacyId,
      dateFrom,
      dateTo,
      from: shanghaiDayStart(dateFrom)!,
      to: shanghaiDayEnd(dateTo)!,
      teamId: query.team_id,
    });

    let total = zero();
    const teams: TeamEntry[] = [];
    const teamOf = new Map<number | null, TeamEntry>();
    const entry = (row: TeamStatRow) => {
      let team = teamOf.get(row.team_id);
      if (!team) {
        team = { team_id: row.team_id, team_name: row.team_name ?? NO_TEAM_NAME, ...zero(), members: [] };
        teamOf.set(row.team_id, team);
        teams.push(team);
      }
      return team;
    };
    const daily: TeamStatResult['daily'] = [];
    for (const row of rows) {
      if (row.kind === 'd') daily.push({ day: row.day!, ...figures(row) });
      else if (row.level === 3) total = figures(row);
      else if (row.level === 1) Object.assign(entry(row), figures(row));
      else if (row.member_id !== null) {
        entry(row).members.push({
          member_id: row.member_id,
          name: row.member_name || String(maskPhone(row.member_phone ?? '')),
          ...figures(row),
        });
      }
    }
    // named teams by id, 未分组 last (the statement orders them so; kept explicit here)
    teams.sort((a, b) => (a.team_id ?? Number.MAX_SAFE_INTEGER) - (b.team_id ?? Number.MAX_SAFE_INTEGER));
    return { total, teams, daily };
  }
}
