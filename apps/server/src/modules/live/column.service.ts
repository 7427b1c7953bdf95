import {
  type Column,
  type columnBodySchema,
  type columnListQuerySchema,
  type EnrollmentRow,
  ErrorCode,
  type enrollmentListQuerySchema,
  liveMessages,
  maskPhone,
  type PageResult,
  type Period,
  type PeriodBody,
  type periodLiveSchema,
} from '@pharmacy/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type {
  ColumnRepository,
  ColumnRow,
  EnrollmentRow as EnrollmentDbRow,
  PeriodLiveRow,
  PeriodRow,
} from './column.repository';

type Time = Date | string;
const iso = (v: Time): string => new Date(v).toISOString();
const isoOrNull = (v: Time | null): string | null => (v === null ? null : iso(v));

type ColumnBody = z.infer<typeof columnBodySchema>;
type ColumnListQuery = z.infer<typeof columnListQuerySchema>;
type EnrollmentListQuery = z.infer<typeof enrollmentListQuerySchema>;
type PeriodLive = z.infer<typeof periodLiveSchema>;

const toColumn = (r: ColumnRow): Column => ({
  id: r.id,
  title: r.title,
  cover_url: r.cover_url,
  intro: r.intro,
  status: r.status,
  platform_column_id: r.platform_column_id,
  platform_column_title: r.platform_column_title,
  reject_reason: r.reject_reason,
  submitted_at: isoOrNull(r.submitted_at),
  reviewed_at: isoOrNull(r.reviewed_at),
  period_count: r.period_count,
  enrolled_count: r.enrolled_count,
  created_at: iso(r.created_at),
});

const toPeriod = (r: PeriodRow): Period => ({
  id: r.id,
  column_id: r.column_id,
  name: r.name,
  start_at: iso(r.start_at),
  end_at: iso(r.end_at),
  sort: r.sort,
  live_count: r.live_count,
  enrolled_count: r.enrolled_count,
  created_at: iso(r.created_at),
});

const toPeriodLive = (r: PeriodLiveRow): PeriodLive => ({
  id: r.id,
  title: r.title,
  cover_url: r.cover_url,
  lecturer: r.lecturer,
  start_at: iso(r.start_at),
  end_at: iso(r.end_at),
  started_at: isoOrNull(r.started_at),
  ended_at: isoOrNull(r.ended_at),
  status: r.status,
  quote_set_id: r.quote_set_id,
  quote_set_name: r.quote_set_name,
  viewer_count: r.viewer_count,
  question_count: r.question_count,
  created_at: iso(r.created_at),
  sort: r.sort,
});

const toEnrollment = (r: EnrollmentDbRow): EnrollmentRow => ({
  id: r.id,
  account_id: r.account_id,
  name: r.name,
  phone: maskPhone(r.phone),
  source: r.source,
  inviter_name: r.inviter_name,
  watch_seconds: r.watch_seconds,
  created_at: iso(r.created_at),
});

const columnNotFound = () => AppError.notFound(liveMessages.columnNotFound, 'Column not found');
const periodNotFound = () => AppError.notFound(liveMessages.periodNotFound, 'Period not found');

/** Keeps the first of repeated ids, in order. */
const distinct = (ids: readonly number[]) => [...new Set(ids)];

/**
 * Columns (专栏), camp periods (营期) with their lives in order, enrolments and invitation links (docs/live.md).
 * Another pharmacy's column or period answers exactly like a missing one.
 */
export class ColumnService {
  constructor(private readonly repo: ColumnRepository) {}

  // ------------------------------------------------------------------ columns

  async list(pharmacyId: number, query: ColumnListQuery): Promise<PageResult<Column>> {
    const { rows, total } = await this.repo.columnPage(
      pharmacyId,
      { status: query.status, keyword: query.keyword || undefined },
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return { list: rows.map(toColumn), total, page: query.page, page_size: query.page_size };
  }

  async detail(pharmacyId: number, id: number): Promise<Column> {
    const row = await this.repo.column(pharmacyId, id);
    if (!row) throw columnNotFound();
    return toColumn(row);
  }

  async create(pharmacyId: number, body: ColumnBody): Promise<Column> {
    return this.detail(pharmacyId, await this.repo.insertColumn(pharmacyId, body));
  }

  /** Not while pending (409 columnNotEditable); an approved or rejected one keeps its status until re-submitted. */
  async update(pharmacyId: number, id: number, body: ColumnBody): Promise<Column> {
    if (!(await this.repo.updateColumn(pharmacyId, id, body))) {
      if ((await this.repo.columnStatus(pharmacyId, id)) === undefined) throw columnNotFound();
      throw AppError.conflict(liveMessages.columnNotEditable, 'Column is pending review');
    }
    return this.detail(pharmacyId, id);
  }

  async remove(pharmacyId: number, id: number): Promise<void> {
    if (await this.repo.deleteColumn(pharmacyId, id)) return;
    if ((await this.repo.columnStatus(pharmacyId, id)) === undefined) throw columnNotFound();
    throw AppError.conflict(liveMessages.columnHasEnrollments, 'Column has enrolments');
  }

  async submit(pharmacyId: number, id: number, platformColumnId: number): Promise<Column> {
    const status = await this.repo.columnStatus(pharmacyId, id);
    if (status === undefined) throw columnNotFound();
    if (!(await this.repo.platformColumnExists(platformColumnId)))
      throw AppError.notFound(liveMessages.platformColumnNotFound, 'Platform column not found');
    if (!(await this.repo.submitColumn(pharmacyId, id, platformColumnId)))
      throw AppError.conflict(liveMessages.columnNotEditable, 'Column is pending review');
    return this.detail(pharmacyId, id);
  }

  platformOptions() {
    return this.repo.platformOptions();
  }

  // ------------------------------------------------------------------ periods

  async periods(pharmacyId: number, columnId: number): Promise<Period[]> {
    if ((await this.repo.columnStatus(pharmacyId, columnId)) === undefined) throw columnNotFound();
    return (await this.repo.periods(pharmacyId, columnId)).map(toPeriod);
  }

  private async period(pharmacyId: number, id: number): Promise<Period> {
    const row = await this.repo.period(pharmacyId, id);
    if (!row) throw periodNotFound();
    return toPeriod(row);
  }

  async createPeriod(pharmacyId: number, columnId: number, body: PeriodBody): Promise<Period> {
    const created = await this.repo.insertPeriod(pharmacyId, columnId, body);
    if (created === undefined) throw columnNotFound();
    return this.period(pharmacyId, created);
  }

  async updatePeriod(pharmacyId: number, id: number, body: PeriodBody): Promise<Period> {
    if (!(await this.repo.updatePeriod(pharmacyId, id, body))) throw periodNotFound();
    return this.period(pharmacyId, id);
  }

  async removePeriod(pharmacyId: number, id: number): Promise<void> {
    if (await this.repo.deletePeriod(pharmacyId, id)) return;
    if (!(await this.repo.periodExists(pharmacyId, id))) throw periodNotFound();
    throw AppError.conflict(liveMessages.periodHasEnrollments, 'Period has enrolments');
  }

  /** A new period of the same column with the same lives in the same order, in one transaction. */
  async copyPeriod(pharmacyId: number, id: number, body: PeriodBody): Promise<Period> {
    const created = await this.repo.transaction(async (tx) => {
      const source = await this.repo.lockPeriod(tx, pharmacyId, id);
      if (!source) throw periodNotFound();
      const newId = await this.repo.insertPeriod(pharmacyId, source.column_id, body, tx);
      if (newId === undefined) throw periodNotFound();
      await this.repo.copyPeriodLives(tx, pharmacyId, id, newId);
      return newId;
    });
    return this.period(pharmacyId, created);
  }

  // ------------------------------------------------------------------ a period's lives

  async periodLives(pharmacyId: number, id: number): Promise<PeriodLive[]> {
    if (!(await this.repo.periodExists(pharmacyId, id))) throw periodNotFound();
    return (await this.repo.periodLives(pharmacyId, id)).map(toPeriodLive);
  }

  /** Appends in the given order; lives already bound are ignored; every live must be the pharmacy's. */
  async bindLives(pharmacyId: number, id: number, liveIds: readonly number[]): Promise<PeriodLive[]> {
    const ids = distinct(liveIds);
    const rows = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.lockPeriod(tx, pharmacyId, id))) throw periodNotFound();
      if ((await this.repo.countOwnLives(tx, pharmacyId, ids)) !== ids.length)
        throw AppError.notFound(liveMessages.liveNotInPharmacy, 'Live not in this pharmacy');
      await this.repo.appendLives(tx, pharmacyId, id, ids);
      return this.repo.periodLives(pharmacyId, id, tx);
    });
    return rows.map(toPeriodLive);
  }

  async unbindLive(pharmacyId: number, id: number, liveId: number): Promise<PeriodLive[]> {
    const rows = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.lockPeriod(tx, pharmacyId, id))) throw periodNotFound();
      if (!(await this.repo.unbind(tx, pharmacyId, id, liveId)))
        throw AppError.notFound(liveMessages.notFound, 'Live not bound to this period');
      await this.repo.renumber(tx, pharmacyId, id);
      return this.repo.periodLives(pharmacyId, id, tx);
    });
    return rows.map(toPeriodLive);
  }

  /** The ids must be exactly the bound lives (a permutation): 400 periodLivesMismatch otherwise. */
  async sortLives(pharmacyId: number, id: number, liveIds: readonly number[]): Promise<PeriodLive[]> {
    const rows = await this.repo.transaction(async (tx) => {
      if (!(await this.repo.lockPeriod(tx, pharmacyId, id))) throw periodNotFound();
      const bound = new Set(await this.repo.boundLiveIds(tx, pharmacyId, id));
      const given = new Set(liveIds);
      if (given.size !== liveIds.length || given.size !== bound.size || ![...given].every((x) => bound.has(x)))
        throw new AppError(400, ErrorCode.BAD_PARAMS, liveMessages.periodLivesMismatch, 'Not a permutation');
      await this.repo.setOrder(tx, pharmacyId, id, liveIds);
      return this.repo.periodLives(pharmacyId, id, tx);
    });
    return rows.map(toPeriodLive);
  }

  // ------------------------------------------------------------------ enrolments

  async enrollments(pharmacyId: number, id: number, query: EnrollmentListQuery): Promise<PageResult<EnrollmentRow>> {
    if (!(await this.repo.periodExists(pharmacyId, id))) throw periodNotFound();
    const { rows, total } = await this.repo.enrollmentPage(
      pharmacyId,
      id,
      { keyword: query.keyword || undefined, source: query.source },
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return { list: rows.map(toEnrollment), total, page: query.page, page_size: query.page_size };
  }

  /**
   * Staff enrol existing accounts by phone (source 'staff', inviter = the caller's membership). Blacklisted ones are
   * refused into `blacklisted`; already enrolled ones (also a concurrent duplicate) count in `already`.
   */
  async enroll(pharmacyId: number, id: number, accountId: number, phones: readonly string[]) {
    if (!(await this.repo.periodExists(pharmacyId, id))) throw periodNotFound();
    const list = [...new Set(phones)];
    const member = await this.repo.member(pharmacyId, accountId);
    const r = await this.repo.enrollPhones(pharmacyId, id, list, member?.id ?? null);
    const found = new Set(r.found);
    const blacklisted = new Set(r.blacklisted);
    return {
      enrolled: r.enrolled,
      already: found.size - blacklisted.size - r.enrolled,
      not_found: list.filter((p) => !found.has(p)),
      blacklisted: list.filter((p) => blacklisted.has(p)),
    };
  }

  /** The caller's invitation link to the period (the patient page with the period and their pharmacy_member id). */
  async inviteLink(pharmacyId: number, id: number, accountId: number) {
    if (!(await this.repo.periodExists(pharmacyId, id))) throw periodNotFound();
    const member = await this.repo.member(pharmacyId, accountId);
    if (!member) throw AppError.notFound(liveMessages.inviterInvalid, 'Not a member');
    return { path: `/patient/live/period?id=${id}&staff=${member.id}`, inviter_name: member.name };
  }
}
