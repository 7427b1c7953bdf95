import {
  DASHBOARD_CACHE_SECONDS,
  DASHBOARD_EXPIRY_MONTHS,
  DASHBOARD_TOP_PHARMACIES,
  type DashboardDay,
  type DashboardOrders,
  type DashboardOverview,
  type DashboardQuery,
  dashboardMessages,
  dashboardRangeDays,
  expiryWindowEnd,
  orderStatuses,
  shanghaiDayEnd,
  shanghaiDayStart,
  shanghaiToday,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { exactRatio } from '../../lib/recipe-census';
import type { DashboardOrderRow, DashboardRange, DashboardRepository } from './dashboard.repository';

const DAY_MS = 24 * 3600_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The most dashboards an instance keeps at once (a range and a day each; the page asks for 3). */
const CACHE_ENTRIES = 32;

interface Entry {
  until: number;
  value: Promise<DashboardOverview>;
}

/**
 * 数据看板: resolves the range, runs the repository's statements side by side and places their rows into the answer.
 * Answers are kept per instance for DASHBOARD_CACHE_SECONDS from the moment their computation began (so a figure is
 * never older than that), one computation per key at a time (concurrent callers share it), at most CACHE_ENTRIES
 * keys (the oldest dropped first); a failed computation is not kept.
 */
export class DashboardService {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly repo: DashboardRepository,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  range(query: DashboardQuery, now: number): DashboardRange & { today: string } {
    const today = shanghaiToday(now);
    const dateTo = query.date_to ?? today;
    if (dateTo > today) throw AppError.badParams('date_to', dashboardMessages.futureDate, 'date_to after today');
    const dateFrom = addDays(dateTo, 1 - dashboardRangeDays[query.range]);
    return { today, dateFrom, dateTo, from: shanghaiDayStart(dateFrom)!, to: shanghaiDayEnd(dateTo)! };
  }

  overview(query: DashboardQuery): Promise<DashboardOverview> {
    const now = this.clock();
    const r = this.range(query, now);
    const key = `${query.range}|${r.dateTo}|${r.today}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.value;
    for (const [k, e] of this.cache) if (e.until <= now) this.cache.delete(k);
    this.cache.delete(key);
    while (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    const value = this.compute(query, r, now);
    this.cache.set(key, { until: now + DASHBOARD_CACHE_SECONDS * 1000, value });
    value.catch(() => {
      if (this.cache.get(key)?.value === value) this.cache.delete(key);
    });
    return value;
  }

  /** How many dashboards the instance holds (tests: the cache is bounded). */
  get cachedEntries(): number {
    return this.cache.size;
  }

  private async compute(
    query: DashboardQuery,
    r: DashboardRange & { today: string },
    now: number,
  ): Promise<DashboardOverview> {
    const window = { today: r.today, end: expiryWindowEnd(r.today, DASHBOARD_EXPIRY_MONTHS) };
    const [orderRows, rx, members, column, standing] = await Promise.all([
      this.repo.orders(r, DASHBOARD_TOP_PHARMACIES),
      this.repo.prescriptions(r),
      this.repo.newMembers(r),
      this.repo.column(r),
      this.repo.standing(window),
    ]);
    const inspected = rx.approved + rx.rejected;
    return {
      range: query.range,
      date_from: r.dateFrom,
      date_to: r.dateTo,
      generated_at: new Date(now).toISOString(),
      cache_seconds: DASHBOARD_CACHE_SECONDS,
      orders: ordersOf(orderRows, r),
      column: {
        watchers: Number(column.watchers),
        watch_minutes: Number(column.watch_minutes),
        lives: Number(column.lives),
        views: Number(column.views),
      },
      prescriptions: {
        written: rx.written,
        inspected,
        approved: rx.approved,
        rejected: rx.rejected,
        pending_inspection: rx.pending_inspection,
        approval_rate: exactRatio(rx.approved, inspected, 100),
        median_inspect_minutes: rx.median_minutes,
      },
      new_members: members,
      open_complaints: standing.open_complaints,
      expiring_pharmacies: standing.expiring_pharmacies,
    };
  }
}

/** Places the statement's rows: every status and every day of the range present (zeros where none). */
function ordersOf(rows: DashboardOrderRow[], r: DashboardRange): DashboardOrders {
  const total = rows.find((row) => row.kind === 'total');
  const byStatus = new Map(rows.filter((row) => row.kind === 'status').map((row) => [row.status, row]));
  const byDay = new Map(rows.filter((row) => row.kind === 'day').map((row) => [row.day, row]));
  const days: DashboardDay[] = [];
  for (let d = r.dateFrom; d <= r.dateTo; d = addDays(d, 1)) {
    const row = byDay.get(d);
    days.push({ date: d, orders: row?.n ?? 0, gmv: row?.paid_amount ?? '0.00' });
  }
  const pharmacies = rows.filter((row) => row.kind === 'pharmacy');
  const other = rows.find((row) => row.kind === 'other');
  return {
    orders: total?.n ?? 0,
    amount: total?.amount ?? '0.00',
    gmv_orders: total?.paid_n ?? 0,
    gmv: total?.paid_amount ?? '0.00',
    refund_orders: total?.refund_n ?? 0,
    refund_amount: total?.refund_amount ?? '0.00',
    by_status: orderStatuses.map((status) => {
      const row = byStatus.get(status);
      return { status, orders: row?.n ?? 0, amount: row?.amount ?? '0.00' };
    }),
    by_pharmacy: [
      ...pharmacies.map((row) => ({
        pharmacy_id: row.pharmacy_id,
        pharmacy_name: row.pharmacy_name ?? '',
        pharmacies: 1,
        orders: row.n,
        gmv: row.paid_amount,
      })),
      ...(other
        ? [
            {
              pharmacy_id: null,
              pharmacy_name: '其他',
              pharmacies: other.pharmacies,
              orders: other.n,
              gmv: other.paid_amount,
            },
          ]
        : []),
    ],
    by_day: days,
  };
}
