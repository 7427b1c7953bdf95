import {
  RECIPE_STATISTICS_DEFAULT_DAYS,
  RECIPE_STATISTICS_MAX_DAYS,
  recipeStatisticsMessages,
  shanghaiDayEnd,
  shanghaiDayStart,
  shanghaiToday,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { AppError } from './app-error';
import { queryRows } from './sql-rows';

/**
 * Prescription statistics shared by the doctor's own 处方统计 (modules/clinical, `GET /recipe/statistics`) and the
 * operator's platform-wide one (modules/operator census, `GET /admin/recipe/census`): the range in Shanghai days, the
 * exact ratio, and the two statements both read — prescriptions written per day by current status, and the top drugs
 * over the items' jsonb. The caller narrows the rows with a filter over the alias `rc` (recipe): the doctor's own,
 * one pharmacy, one doctor, or none.
 */

/** Prescriptions written in [from, to): the instants of the Shanghai day starts of dateFrom and of the day after dateTo. */
export interface RecipeCensusRange {
  dateFrom: string;
  dateTo: string;
  from: Date;
  to: Date;
}

export interface RecipeCensusDayRow {
  date: string;
  written: number;
  approved: number;
  rejected: number;
  pending_inspection: number;
  void: number;
  /** prescription lines of the day's non-void prescriptions */
  lines: number;
}

export interface RecipeTopDrugRow {
  product_id: number;
  name: string;
  spec: string;
  lines: number;
  qty: number;
}

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const maxDate = (a: string, b: string) => (a > b ? a : b);

/**
 * `part / whole` as a decimal with 2 places, rounded half up, in integers only (exact; no float on the way):
 * exactRatio(6, 7, 100) = '85.71'; null when whole is 0.
 */
export function exactRatio(part: number, whole: number, scale = 1): string | null {
  if (whole <= 0) return null;
  const hundredths = (BigInt(part) * BigInt(scale) * 200n + BigInt(whole)) / (2n * BigInt(whole));
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The range in Shanghai days: default the last 30 days up to today; at most 366 days; reversed → 400. */
export function recipeCensusRange(
  query: { date_from?: string; date_to?: string },
  now: number = Date.now(),
): RecipeCensusRange {
  const dateTo = query.date_to ?? (query.date_from ? maxDate(query.date_from, shanghaiToday(now)) : shanghaiToday(now));
  const dateFrom = query.date_from ?? addDays(dateTo, 1 - RECIPE_STATISTICS_DEFAULT_DAYS);
  if (dateFrom > dateTo) {
    throw AppError.badParams('date_to', recipeStatisticsMessages.datesOrder, 'date_to before date_from');
  }
  if (dayNumber(dateTo) - dayNumber(dateFrom) + 1 > RECIPE_STATISTICS_MAX_DAYS) {
    throw AppError.badParams(
      'date_from',
      recipeStatisticsMessages.tooLong,
      `Range longer than ${RECIPE_STATISTICS_MAX_DAYS} days`,
    );
  }
  return { dateFrom, dateTo, from: shanghaiDayStart(dateFrom)!, to: shanghaiDayEnd(dateTo)! };
}

/** `rc.created_at` inside the range, and the caller's filter over `rc`. */
export const writtenIn = (r: RecipeCensusRange, filter: SQL) =>
  sql`rc.created_at >= ${r.from.toISOString()} and rc.created_at < ${r.to.toISOString()} and ${filter}`;

/** The Shanghai day a prescription was written, as a date. */
export const SHANGHAI_DAY = sql`(rc.created_at at time zone 'Asia/Shanghai')::date`;

/** The number of lines of `rc.items` (0 when the stored value is not an array). */
export const ITEM_LINES = sql`case when jsonb_typeof(rc.items) = 'array' then jsonb_array_length(rc.items) else 0 end`;

/**
 * Every Shanghai day of the range with the prescriptions written that day (filtered) by current status and their
 * lines (void ones left out of the lines).
 */
export async function recipeCensusDays(
  db: DbExecutor,
  r: RecipeCensusRange,
  filter: SQL,
): Promise<RecipeCensusDayRow[]> {
  const { rows } = await queryRows<RecipeCensusDayRow>(
    db,
    sql`with w as (
          select rc.status, ${SHANGHAI_DAY} as day, ${ITEM_LINES} as n
          from recipe rc
          where ${writtenIn(r, filter)}
        )
        select to_char(g.day, 'YYYY-MM-DD') as date,
               count(w.status)::int as written,
               (count(*) filter (where w.status = 'approved'))::int as approved,
               (count(*) filter (where w.status = 'rejected'))::int as rejected,
               (count(*) filter (where w.status = 'pending_inspection'))::int as pending_inspection,
               (count(*) filter (where w.status = 'void'))::int as void,
               coalesce(sum(w.n) filter (where w.status <> 'void'), 0)::int as lines
        from generate_series(${r.dateFrom}::date, ${r.dateTo}::date, interval '1 day') as g(day)
        left join w on w.day = g.day::date
        group by g.day
        order by g.day`,
  );
  return rows;
}

/**
 * The drugs of the range's non-void prescriptions (filtered): by lines then quantity (the doctor's census), or by
 * quantity then lines (the platform's); ties by product id; the name and spec as last written.
 */
export async function recipeTopDrugs(
  db: DbExecutor,
  r: RecipeCensusRange,
  filter: SQL,
  limit: number,
  by: 'lines' | 'qty' = 'lines',
): Promise<RecipeTopDrugRow[]> {
  const order = by === 'lines' ? sql`lines desc, qty desc` : sql`qty desc, lines desc`;
  const { rows } = await queryRows<RecipeTopDrugRow>(
    db,
    sql`select coalesce((i->>'product_id')::int, 0) as product_id,
               (array_agg(coalesce(i->>'name', '') order by rc.id desc))[1] as name,
               (array_agg(coalesce(i->>'spec', '') order by rc.id desc))[1] as spec,
               count(*)::int as lines,
               coalesce(sum(round((i->>'qty')::numeric)), 0)::int as qty
        from recipe rc
        cross join lateral jsonb_array_elements(case when jsonb_typeof(rc.items) = 'array' then rc.items else '[]'::jsonb end) as i
        where ${writtenIn(r, filter)} and rc.status <> 'void'
        group by 1
        order by ${order}, product_id
        limit ${limit}`,
  );
  return rows;
}
