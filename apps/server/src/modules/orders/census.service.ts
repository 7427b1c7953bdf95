import {
  CENSUS_DEFAULT_DAYS,
  CENSUS_MAX_DAYS,
  type Census,
  type CensusBucket,
  type CensusFigures,
  type CensusGranularity,
  type CensusPrice,
  type CensusQuery,
  censusMessages,
  censusPriceBandBounds,
  censusPriceBandLabels,
  type OrderKind,
  type OrderStatus,
  orderKinds,
  orderStatuses,
  shanghaiDayEnd,
  shanghaiDayStart,
  shanghaiToday,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { VersionedCache } from '../../lib/list-count';
import type { CensusRange, CensusRepository, CensusRow, TopProductRow } from './census.repository';

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const ZERO = '0.00';
const emptyFigures = (): CensusFigures => ({
  orders: 0,
  amount: ZERO,
  paid_orders: 0,
  paid_amount: ZERO,
  avg_order_value: ZERO,
  refund_orders: 0,
  refund_amount: ZERO,
  cancelled_orders: 0,
});
const figures = (row: CensusRow): CensusFigures => ({
  orders: row.n ?? 0,
  amount: row.amount ?? ZERO,
  paid_orders: row.paid_n ?? 0,
  paid_amount: row.paid_amount ?? ZERO,
  avg_order_value: row.avg_amount ?? ZERO,
  refund_orders: row.refund_n ?? 0,
  refund_amount: row.refund_amount ?? ZERO,
  cancelled_orders: row.cancelled_n ?? 0,
});
const statusRows = () => orderStatuses.map((status) => ({ status, orders: 0, amount: ZERO }));
const kindRows = () => orderKinds.map((kind) => ({ kind, orders: 0, amount: ZERO, paid_orders: 0, paid_amount: ZERO }));

const topProduct = ({ rank_by: _rank, ...row }: TopProductRow) => row;

/** Order statistics of one pharmacy: resolves the range, places SQL's figures into the answer (no sums here). */
export class CensusService {
  /**
   * Answers kept with the pharmacy's order write version they were computed at (read before computing, so an answer
   * is at least as fresh as its version): a repeated census is one primary-key read until any order of the pharmacy
   * is written, through any instance. Sized by buckets (a year by day is ~370).
   */
  private readonly cache = new VersionedCache<Census | CensusPrice>({
    maxSize: 40_000,
    sizeOf: (v) => ('buckets' in v ? v.buckets.length : v.bands.length) + 20,
  });

  constructor(private readonly repo: CensusRepository) {}

  private async cached<V extends Census | CensusPrice>(key: string, pharmacyId: number, compute: () => Promise<V>) {
    const version = await this.repo.writeVersion(pharmacyId);
    const hit = this.cache.peek(key);
    if (hit && version !== null && hit.version === version) return hit.value as V;
    const value = await compute();
    this.cache.set(key, version, value);
    return value;
  }

  /** The range in Shanghai days: default the last 30 days up to today; at most 366 days. */
  range(pharmacyId: number, query: Pick<CensusQuery, 'date_from' | 'date_to'>, now = Date.now()): CensusRange {
    const dateTo =
      query.date_to ?? (query.date_from ? maxDate(query.date_from, shanghaiToday(now)) : shanghaiToday(now));
    const dateFrom = query.date_from ?? addDays(dateTo, 1 - CENSUS_DEFAULT_DAYS);
    if (dateFrom > dateTo) throw AppError.badParams('date_to', censusMessages.datesOrder, 'date_to before date_from');
    if (dayNumber(dateTo) - dayNumber(dateFrom) + 1 > CENSUS_MAX_DAYS) {
      throw AppError.badParams('date_from', censusMessages.tooLong, `Range longer than ${CENSUS_MAX_DAYS} days`);
    }
    return { pharmacyId, dateFrom, dateTo, from: shanghaiDayStart(dateFrom)!, to: shanghaiDayEnd(dateTo)! };
  }

  async census(pharmacyId: number, query: CensusQuery): Promise<Census> {
    const r = this.range(pharmacyId, query);
    const key = `census|${pharmacyId}|${r.dateFrom}|${r.dateTo}|${query.granularity}`;
    return this.cached(key, pharmacyId, () => this.compute(r, query.granularity));
  }

  private async compute(r: CensusRange, granularity: CensusGranularity): Promise<Census> {
    const rows = await this.repo.census(r, granularity);
    const top = await this.repo.topProducts(r);

    const summary = emptyFigures();
    const byStatus = statusRows();
    const byKind = kindRows();
    const buckets: CensusBucket[] = [];
    const bucketOf = new Map<string, CensusBucket>();
    for (const row of rows) {
      let target: { figures: CensusFigures; byStatus: typeof byStatus; byKind: typeof byKind };
      if (row.bucket !== null) {
        let bucket = bucketOf.get(row.bucket);
        if (!bucket) {
          bucket = {
            bucket: row.bucket,
            start: row.start!,
            end: row.end!,
            ...emptyFigures(),
            by_status: statusRows(),
            by_kind: kindRows(),
          };
          bucketOf.set(row.bucket, bucket);
          buckets.push(bucket);
        }
        target = { figures: bucket, byStatus: bucket.by_status, byKind: bucket.by_kind };
      } else {
        target = { figures: summary, byStatus, byKind };
      }
      // level: 3 / 7 totals, 1 / 5 by status, 2 / 6 by kind, null an empty bucket
      if (row.level === 3 || row.level === 7) Object.assign(target.figures, figures(row));
      else if (row.level === 1 || row.level === 5) {
        const s = target.byStatus.find((x) => x.status === (row.status as OrderStatus));
        if (s) Object.assign(s, { orders: row.n ?? 0, amount: row.amount ?? ZERO });
      } else if (row.level === 2 || row.level === 6) {
        const k = target.byKind.find((x) => x.kind === (row.kind as OrderKind));
        if (k) {
          Object.assign(k, {
            orders: row.n ?? 0,
            amount: row.amount ?? ZERO,
            paid_orders: row.paid_n ?? 0,
            paid_amount: row.paid_amount ?? ZERO,
          });
        }
      }
    }
    return {
      date_from: r.dateFrom,
      date_to: r.dateTo,
      granularity,
      summary,
      by_status: byStatus,
      by_kind: byKind,
      buckets,
      top_by_qty: top.filter((t) => t.rank_by === 'qty').map(topProduct),
      top_by_amount: top.filter((t) => t.rank_by === 'amount').map(topProduct),
    };
  }

  async price(pharmacyId: number, query: CensusQuery): Promise<CensusPrice> {
    const r = this.range(pharmacyId, query);
    return this.cached(`price|${pharmacyId}|${r.dateFrom}|${r.dateTo}`, pharmacyId, () => this.priceBands(r));
  }

  private async priceBands(r: CensusRange): Promise<CensusPrice> {
    const rows = await this.repo.priceBands(r, censusPriceBandBounds);
    const bounds = ['0', ...censusPriceBandBounds];
    return {
      date_from: r.dateFrom,
      date_to: r.dateTo,
      bands: rows.map((row) => ({
        label: censusPriceBandLabels[row.band]!,
        min: `${bounds[row.band]}.00`,
        max: row.band < censusPriceBandBounds.length ? `${bounds[row.band + 1]}.00` : null,
        orders: row.n,
        amount: row.amount,
      })),
    };
  }
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
