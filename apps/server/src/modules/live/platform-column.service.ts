import { type ColumnSubmission, liveMessages, type PageResult, type PlatformColumn } from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notify';
import type { PlatformColumnRepository, PlatformColumnRow, SubmissionRow } from './platform-column.repository';

const iso = (v: Date | string): string => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null): string | null => (v === null ? null : iso(v));

const toPlatformColumn = (r: PlatformColumnRow): PlatformColumn => ({
  id: r.id,
  title: r.title,
  column_count: r.column_count,
  pending_count: r.pending_count,
  created_at: iso(r.created_at),
});

export const toSubmission = (r: SubmissionRow): ColumnSubmission => ({
  id: r.id,
  pharmacy_id: r.pharmacy_id,
  pharmacy_name: r.pharmacy_name,
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

const platformNotFound = () => AppError.notFound(liveMessages.platformColumnNotFound, 'Platform column not found');
const columnNotFound = () => AppError.notFound(liveMessages.columnNotFound, 'Column not found');

/** Where the pharmacy's people read about a review. */
const COLUMN_PAGE = '/broadcast/column';

/** The operator's platform columns: the shelves, the review of submitted pharmacy columns, the shelves' order. */
export class PlatformColumnService {
  constructor(private readonly repo: PlatformColumnRepository) {}

  async list(q: { page: number; page_size: number; keyword?: string }): Promise<PageResult<PlatformColumn>> {
    const { rows, total } = await this.repo.page(q.keyword || undefined, q.page_size, (q.page - 1) * q.page_size);
    return { list: rows.map(toPlatformColumn), total, page: q.page, page_size: q.page_size };
  }

  async add(title: string): Promise<PlatformColumn> {
    const id = await this.repo.insert(title);
    return toPlatformColumn((await this.repo.find(id))!);
  }

  async rename(id: number, title: string): Promise<PlatformColumn> {
    if (!(await this.repo.rename(id, title))) throw platformNotFound();
    return toPlatformColumn((await this.repo.find(id))!);
  }

  async submissions(q: {
    page: number;
    page_size: number;
    status: 'pending' | 'approved' | 'rejected';
    platform_column_id?: number;
  }): Promise<PageResult<ColumnSubmission>> {
    const { rows, total } = await this.repo.submissions(
      { status: q.status, platformColumnId: q.platform_column_id },
      q.page_size,
      (q.page - 1) * q.page_size,
    );
    return { list: rows.map(toSubmission), total, page: q.page, page_size: q.page_size };
  }

  /**
   * Approves or rejects a pending pharmacy column: one guarded UPDATE (409 columnNotPending when it is no longer
   * pending, 404 when there is no such column), and a message to the pharmacy's owner and administrators in the
   * same transaction.
   */
  async decide(
    id: number,
    decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    reviewerId: number,
  ): Promise<ColumnSubmission> {
    await this.repo.transaction(async (repo) => {
      const done = await repo.decide(id, decision, reviewerId);
      if (!done) {
        if (!(await repo.submission(id))) throw columnNotFound();
        throw AppError.conflict(liveMessages.columnNotPending, 'Column is not pending');
      }
      const approved = decision.status === 'approved';
      const title = approved ? '专栏审核通过' : '专栏审核未通过';
      const content = approved
        ? `您提交的专栏「${done.title}」已通过平台审核。`
        : `您提交的专栏「${done.title}」未通过平台审核，原因：${decision.reason}`;
      for (const accountId of await repo.reviewRecipients(done.pharmacy_id)) {
        await notify(repo.executor, {
          accountId,
          kind: 'live',
          title,
          content,
          link: COLUMN_PAGE,
          senderId: reviewerId,
        });
      }
    });
    return toSubmission((await this.repo.submission(id))!);
  }

  async members(id: number): Promise<ColumnSubmission[]> {
    if (!(await this.repo.find(id))) throw platformNotFound();
    return (await this.repo.members(id)).map(toSubmission);
  }

  /**
   * The select-component page: the listed approved pharmacy columns make up the platform column's shelf in that
   * order; approved columns no longer listed leave it. Anything but approved pharmacy columns is refused (400).
   */
  async setMembers(id: number, columnIds: number[]): Promise<ColumnSubmission[]> {
    if (new Set(columnIds).size !== columnIds.length) {
      throw AppError.badParams('column_ids', '专栏不能重复选择', 'Duplicate column ids');
    }
    await this.repo.transaction(async (repo) => {
      if (!(await repo.lock(id))) throw platformNotFound();
      const approved = new Set(await repo.lockApproved(columnIds));
      if (columnIds.some((c) => !approved.has(c))) {
        throw AppError.badParams('column_ids', '只能选择已通过审核的专栏', 'Only approved pharmacy columns');
      }
      await repo.setMembers(id, columnIds);
    });
    return this.members(id);
  }
}
