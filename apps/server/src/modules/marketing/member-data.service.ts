import {
  add,
  formatMoney,
  type LiveData,
  MEMBER_DATA_DEFAULT_DAYS,
  MEMBER_DATA_MAX_DAYS,
  type MemberData,
  memberDataMessages,
  shanghaiDayEnd,
  shanghaiDayStart,
  shanghaiToday,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { MemberDataRange, MemberDataRepository } from './member-data.repository';

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface RangeQuery {
  date_from?: string;
  date_to?: string;
}

/** 会员数据: the figures per Shanghai day and per live. No Fastify types here. */
export class MemberDataService {
  constructor(
    private readonly repo: MemberDataRepository,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Default: the last 30 days up to today (or from date_from); at most 366 days; reversed dates refused. */
  range(pharmacyId: number | null, query: RangeQuery): MemberDataRange {
    const today = shanghaiToday(this.clock());
    const dateTo = query.date_to ?? (query.date_from ? addDays(query.date_from, MEMBER_DATA_DEFAULT_DAYS - 1) : today);
    const dateFrom = query.date_from ?? addDays(dateTo, 1 - MEMBER_DATA_DEFAULT_DAYS);
    if (dateFrom > dateTo) {
      throw AppError.badParams('date_to', memberDataMessages.datesOrder, 'date_to before date_from');
    }
    if (dayNumber(dateTo) - dayNumber(dateFrom) + 1 > MEMBER_DATA_MAX_DAYS) {
      throw AppError.badParams(
        'date_from',
        memberDataMessages.tooLong,
        `Range longer than ${MEMBER_DATA_MAX_DAYS} days`,
      );
    }
    return { pharmacyId, dateFrom, dateTo, from: shanghaiDayStart(dateFrom)!, to: shanghaiDayEnd(dateTo)! };
  }

  async daily(pharmacyId: number | null, query: RangeQuery): Promise<MemberData> {
    const r = this.range(pharmacyId, query);
    const rows = await this.repo.days(r);
    const totals = {
      new_customers: 0,
      active_customers: rows[0]?.active_total ?? 0,
      orders: 0,
      amount: '0',
      watch_seconds: 0,
      enrollments: 0,
    };
    const days = rows.map((row) => {
      totals.new_customers += row.new_customers;
      totals.orders += row.orders;
      totals.amount = add(totals.amount, row.amount);
      totals.watch_seconds += row.watch_seconds;
      totals.enrollments += row.enrollments;
      return {
        date: row.date,
        new_customers: row.new_customers,
        active_customers: row.active_customers,
        orders: row.orders,
        amount: formatMoney(row.amount),
        watch_seconds: row.watch_seconds,
        enrollments: row.enrollments,
      };
    });
    return {
      date_from: r.dateFrom,
      date_to: r.dateTo,
      pharmacy_id: pharmacyId,
      days,
      totals: { ...totals, amount: formatMoney(totals.amount) },
    };
  }

  async liveData(
    pharmacyId: number | null,
    query: RangeQuery & { page: number; page_size: number },
  ): Promise<LiveData> {
    const r = this.range(pharmacyId, query);
    const offset = (query.page - 1) * query.page_size;
    const rows = await this.repo.lives(r, query.page_size, offset);
    // a page past the end has no rows to carry the count: ask the first row for it
    const total = rows[0]?.total ?? (offset > 0 ? ((await this.repo.lives(r, 1, 0))[0]?.total ?? 0) : 0);
    return {
      list: rows.map(({ total: _total, start_at, ...row }) => ({
        ...row,
        start_at: new Date(start_at).toISOString(),
      })),
      total,
      page: query.page,
      page_size: query.page_size,
      date_from: r.dateFrom,
      date_to: r.dateTo,
    };
  }
}
