import {
  formatShanghaiDateTime,
  type LiveBody,
  type LiveDetail,
  type LiveFlowAction,
  type LiveListQuery,
  type LiveListResult,
  type LiveMaterial,
  type LiveShare,
  type LiveSummary,
  type LiveTabCounts,
  type LiveUserStats,
  type LiveViewerRow,
  liveActionsFor,
  liveConfigSchema,
  liveManageRoles,
  liveMessages,
  maskPhone,
  type PageResult,
  type PharmacyRole,
  shanghaiToday,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { type ExportColumn, exportFileName, type SpreadsheetSpec } from '../../lib/spreadsheet-export';
import type {
  ExamQuestionRow,
  LiveDetailRow,
  LiveRepository,
  LiveSummaryRow,
  MaterialRow,
  ShareRow,
  ViewerRow,
} from './live.repository';

type Time = Date | string;
const iso = (v: Time) => new Date(v).toISOString();
const isoOrNull = (v: Time | null) => (v === null ? null : iso(v));

const toSummary = (r: LiveSummaryRow): LiveSummary => ({
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
});

const defaultConfig = liveConfigSchema.parse({});
/** The stored config with the schema's defaults for what it lacks (an older or hand-written row still reads). */
const configOf = (raw: unknown) => {
  const parsed = liveConfigSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : defaultConfig;
};

const toDetail = (r: LiveDetailRow): LiveDetail => ({
  ...toSummary(r),
  intro: r.intro,
  push_url: r.push_url,
  pull_url: r.pull_url,
  replay_url: r.replay_url,
  config: configOf(r.config),
  quote_set: r.quote_set,
  combo_pinned: r.combo_pinned,
  source_live_id: r.source_live_id,
  material_count: r.material_count,
  share_count: r.share_count,
  periods: r.periods,
  actions: liveActionsFor(r.status),
});

const toShare = (r: ShareRow): LiveShare => ({ ...r, created_at: iso(r.created_at) });
export const toMaterial = (r: MaterialRow): LiveMaterial => ({ ...r, created_at: iso(r.created_at) });

const toViewer = (r: ViewerRow): LiveViewerRow => ({
  account_id: r.account_id,
  name: r.name,
  phone: String(maskPhone(r.phone)),
  watch_seconds: r.watch_seconds,
  first_watch_at: isoOrNull(r.first_watch_at),
  last_watch_at: isoOrNull(r.last_watch_at),
  answered: r.answered,
  score: r.score,
  inviter_name: r.inviter_name,
});

const toExamQuestion = (r: ExamQuestionRow) => ({ ...r, created_at: iso(r.created_at) });

/** 1小时2分3秒 / 2分3秒 / 45秒. */
export function watchTimeText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h ? `${h}小时` : ''}${h || m ? `${m}分` : ''}${s}秒`;
}

const time = (v: string | null) => (v ? (formatShanghaiDateTime(v, { seconds: true }) ?? '') : '');

/** The viewers' export: the columns and their Chinese headers. */
export const viewerExportColumns: ExportColumn<LiveViewerRow>[] = [
  { header: '用户', width: 14, value: (r) => r.name },
  { header: '手机号', width: 14, value: (r) => r.phone },
  { header: '观看时长', width: 14, value: (r) => watchTimeText(r.watch_seconds) },
  { header: '观看时长（秒）', width: 14, type: 'integer', value: (r) => r.watch_seconds },
  { header: '首次观看', width: 20, value: (r) => time(r.first_watch_at) },
  { header: '最近观看', width: 20, value: (r) => time(r.last_watch_at) },
  { header: '是否答题', width: 10, value: (r) => (r.answered ? '已答题' : '未答题') },
  { header: '考试得分', width: 10, type: 'integer', value: (r) => r.score },
  { header: '邀请人', width: 12, value: (r) => r.inviter_name ?? '' },
];

/** Characters a file name cannot hold on common systems. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among those replaced
const unsafeFileChars = /[\\/:*?"<>|\u0000-\u001f]/g;

const notFound = () => AppError.notFound(liveMessages.notFound, 'Live not found');

/** What the sync rule reads of a membership (plugins/principal.repository.ts MembershipRow). */
export interface SyncMembership {
  pharmacy_id: number;
  role: PharmacyRole;
  name: string;
  status: 'pending' | 'active' | 'suspended' | 'rejected';
}

/** Why a pharmacy that is not active cannot receive a copy (its staff cannot open it either). */
const syncTargetNotActive: Record<Exclude<SyncMembership['status'], 'active'>, string> = {
  pending: '该药店入驻申请审核中',
  suspended: '该药店已被暂停营业',
  rejected: '该药店入驻申请未通过',
};

/**
 * The sync rule, one function for the targets list (read) and the sync (write): a live can be copied into a pharmacy
 * the caller manages (`liveManageRoles`) that is active. Answers null when allowed, else the Chinese refusal.
 */
export function syncTargetRefusal(m: Pick<SyncMembership, 'role' | 'name' | 'status'>): string | null {
  if (!(liveManageRoles as readonly string[]).includes(m.role)) return liveMessages.syncTargetInvalid;
  return notActiveRefusal(m);
}

/** The status half of the sync rule, also checked again inside each copy's transaction. */
const notActiveRefusal = (p: Pick<SyncMembership, 'name' | 'status'>) =>
  p.status === 'active' ? null : `不能同步到「${p.name}」：${syncTargetNotActive[p.status]}`;

/** Lives, share cards, materials, viewers, figures and exams of a pharmacy (no Fastify types here). */
export class LiveService {
  constructor(private readonly repo: LiveRepository) {}

  async list(pharmacyId: number, q: LiveListQuery): Promise<LiveListResult> {
    const { rows, countRows } = await this.repo.page(pharmacyId, q);
    const counts: LiveTabCounts = { all: 0, draft: 0, scheduled: 0, live: 0, ended: 0 };
    for (const r of countRows) {
      counts[r.status] = r.n;
      counts.all += r.n;
    }
    return { list: rows.map(toSummary), total: counts[q.status], page: q.page, page_size: q.page_size, counts };
  }

  async detail(pharmacyId: number, id: number): Promise<LiveDetail> {
    const row = await this.repo.detail(this.repo.db, pharmacyId, id);
    if (!row) throw notFound();
    return toDetail(row);
  }

  async create(pharmacyId: number, body: LiveBody, accountId: number): Promise<LiveDetail> {
    const id = await this.repo.insert(pharmacyId, body, accountId);
    return this.detail(pharmacyId, id);
  }

  async update(pharmacyId: number, id: number, body: LiveBody): Promise<LiveDetail> {
    if (!(await this.repo.update(pharmacyId, id, body))) throw notFound();
    return this.detail(pharmacyId, id);
  }

  /** Deletes a draft; answers the urls its materials had (their files go when nothing else names them). */
  async remove(pharmacyId: number, id: number): Promise<string[]> {
    const urls = await this.repo.deleteDraft(pharmacyId, id);
    if (urls) return urls;
    if (await this.repo.exists(this.repo.db, pharmacyId, id))
      throw AppError.conflict(liveMessages.deleteNotDraft, 'Only drafts may be deleted');
    throw notFound();
  }

  /**
   * One guarded statement; when it changed nothing, a read says why: missing → 404, a start from 未开始 without a
   * pull address → 400, anything else (the status moved meanwhile, or the action does not apply) → 409.
   */
  async flow(pharmacyId: number, id: number, action: LiveFlowAction): Promise<LiveDetail> {
    if (!(await this.repo.transition(pharmacyId, id, action))) {
      const state = await this.repo.state(this.repo.db, pharmacyId, id);
      if (!state) throw notFound();
      if (action === 'start' && state.status === 'scheduled' && state.pull_url === '')
        throw AppError.badParams('pull_url', liveMessages.pullUrlRequired, 'A live needs its pull address to start');
      throw AppError.conflict(liveMessages.flowConflict, `Live is ${state.status}: ${action} does not apply`);
    }
    return this.detail(pharmacyId, id);
  }

  async setQuoteSet(pharmacyId: number, id: number, quoteSetId: number | null, pinned: boolean) {
    if (!(await this.repo.setQuoteSet(pharmacyId, id, quoteSetId, pinned))) {
      if (!(await this.repo.exists(this.repo.db, pharmacyId, id))) throw notFound();
      throw AppError.notFound(liveMessages.quoteSetNotFound, 'Combo not found in this pharmacy');
    }
    return this.detail(pharmacyId, id);
  }

  // ---------------------------------------------------------------------------------------- share cards

  async shares(pharmacyId: number, liveId: number): Promise<LiveShare[]> {
    if (!(await this.repo.exists(this.repo.db, pharmacyId, liveId))) throw notFound();
    return (await this.repo.shares(pharmacyId, liveId)).map(toShare);
  }

  async createShare(pharmacyId: number, liveId: number, body: Parameters<LiveRepository['insertShare']>[2]) {
    const row = await this.repo.insertShare(pharmacyId, liveId, body);
    if (!row) throw notFound();
    return toShare(row);
  }

  async updateShare(pharmacyId: number, id: number, body: Parameters<LiveRepository['updateShare']>[2]) {
    const row = await this.repo.updateShare(pharmacyId, id, body);
    if (!row) throw AppError.notFound(liveMessages.shareNotFound, 'Share card not found');
    return toShare(row);
  }

  async removeShare(pharmacyId: number, id: number) {
    if (!(await this.repo.deleteShare(pharmacyId, id)))
      throw AppError.notFound(liveMessages.shareNotFound, 'Share card not found');
  }

  // ---------------------------------------------------------------------------------------- sync

  /**
   * Pharmacies the caller may sync into: the sync rule (`syncTargetRefusal`) passes — an active pharmacy the caller
   * manages — other than the current one. The write applies the same rule.
   */
  syncTargets(memberships: readonly SyncMembership[], current: number) {
    return memberships
      .filter((m) => m.pharmacy_id !== current && syncTargetRefusal(m) === null)
      .map((m) => ({ id: m.pharmacy_id, name: m.name }));
  }

  /**
   * Copies the live into each target (every one passing the sync rule for the caller, else 400 naming why before
   * anything is written), one transaction per target: a failure leaves the targets before it copied and none
   * half-copied. Each transaction re-reads the target's status under a row lock, so a pharmacy suspended meanwhile
   * gets no copy (the suspension waits for a copy already under way).
   */
  async sync(
    pharmacyId: number,
    liveId: number,
    pharmacyIds: number[],
    memberships: readonly SyncMembership[],
    accountId: number,
  ) {
    if (!(await this.repo.exists(this.repo.db, pharmacyId, liveId))) throw notFound();
    const wanted = [...new Set(pharmacyIds)];
    const names = new Map<number, string>();
    for (const id of wanted) {
      const m = id === pharmacyId ? undefined : memberships.find((x) => x.pharmacy_id === id);
      const refusal = m ? syncTargetRefusal(m) : liveMessages.syncTargetInvalid;
      if (refusal !== null) throw AppError.badParams('pharmacy_ids', refusal, 'Not a sync target of the caller');
      names.set(id, m!.name);
    }
    const created: { pharmacy_id: number; pharmacy_name: string; live_id: number }[] = [];
    for (const target of wanted) {
      const copy = await this.repo.db.transaction(async (tx) => {
        const now = await this.repo.lockSyncTarget(tx, target);
        const refusal = now ? notActiveRefusal(now) : liveMessages.syncTargetInvalid;
        if (refusal !== null) throw AppError.badParams('pharmacy_ids', refusal, 'Sync target no longer active');
        return this.repo.copyLive(tx, pharmacyId, liveId, target, accountId);
      });
      if (copy === null) throw notFound(); // deleted meanwhile
      created.push({ pharmacy_id: target, pharmacy_name: names.get(target)!, live_id: copy });
    }
    return { created };
  }

  // ---------------------------------------------------------------------------------------- materials

  async materials(pharmacyId: number, liveId: number): Promise<LiveMaterial[]> {
    if (!(await this.repo.exists(this.repo.db, pharmacyId, liveId))) throw notFound();
    return (await this.repo.materials(pharmacyId, liveId)).map(toMaterial);
  }

  async assertLive(pharmacyId: number, liveId: number) {
    if (!(await this.repo.exists(this.repo.db, pharmacyId, liveId))) throw notFound();
  }

  async addMaterial(pharmacyId: number, liveId: number, m: { name: string; url: string; size: number; mime: string }) {
    const row = await this.repo.insertMaterial(pharmacyId, liveId, m);
    if (!row) throw notFound();
    return toMaterial(row);
  }

  /** Deletes the row; answers the url when no other material (a synced copy) names the file, so it can go. */
  async removeMaterial(pharmacyId: number, id: number): Promise<string | null> {
    const gone = await this.repo.deleteMaterial(pharmacyId, id);
    if (!gone) throw AppError.notFound(liveMessages.materialNotFound, 'Material not found');
    return gone.shared ? null : gone.url;
  }

  materialUrlUsed(url: string) {
    return this.repo.materialUrlUsed(url);
  }

  // ---------------------------------------------------------------------------------------- viewers

  async users(
    pharmacyId: number,
    liveId: number,
    q: { keyword?: string; page: number; page_size: number },
  ): Promise<PageResult<LiveViewerRow>> {
    if (!(await this.repo.exists(this.repo.db, pharmacyId, liveId))) throw notFound();
    const { rows, total } = await this.repo.viewers(
      pharmacyId,
      liveId,
      q.keyword || undefined,
      q.page_size,
      (q.page - 1) * q.page_size,
    );
    return { list: rows.map(toViewer), total, page: q.page, page_size: q.page_size };
  }

  async userStats(pharmacyId: number, liveId: number): Promise<LiveUserStats> {
    const r = await this.repo.userStats(pharmacyId, liveId);
    if (!r) throw notFound();
    return {
      viewers: r.viewers,
      watch_seconds: r.watch_seconds,
      avg_watch_seconds: r.viewers ? Math.round(r.watch_seconds / r.viewers) : 0,
      enrolled: r.enrolled,
      answered: r.answered,
      avg_score: r.avg_score === null ? null : Number(r.avg_score),
      passed: r.passed,
      orders: r.orders,
      amount: r.amount,
      viewers_now: r.viewers_now,
    };
  }

  /** The export's name (直播观看用户-<title>-<Shanghai date>.xls, like every export), row count and sheet. */
  async exportSheet(
    pharmacyId: number,
    liveId: number,
    keyword: string | undefined,
  ): Promise<{ name: string; total: number; spec: SpreadsheetSpec<LiveViewerRow> }> {
    const live = await this.repo.detail(this.repo.db, pharmacyId, liveId);
    if (!live) throw notFound();
    const rows = (await this.repo.allViewers(pharmacyId, liveId, keyword || undefined)).map(toViewer);
    const title = live.title.replace(unsafeFileChars, '_').trim().slice(0, 40);
    return {
      name: exportFileName(`直播观看用户-${title}`, shanghaiToday()),
      total: rows.length,
      spec: {
        sheetName: '观看用户',
        columns: viewerExportColumns,
        batches: (async function* () {
          for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
        })(),
      },
    };
  }

  // ---------------------------------------------------------------------------------------- exam

  async questions(pharmacyId: number, liveId: number) {
    if (!(await this.repo.exists(this.repo.db, pharmacyId, liveId))) throw notFound();
    return (await this.repo.examQuestions(this.repo.db, pharmacyId, liveId)).map(toExamQuestion);
  }

  /**
   * Replaces the exam in one transaction (the live locked): the questions in the order given (a repeated id counts
   * once, at its first place), all of them the pharmacy's (else 404 and nothing changes).
   */
  async bindQuestions(pharmacyId: number, liveId: number, questionIds: number[]) {
    const ids = [...new Set(questionIds)];
    return this.repo.db.transaction(async (tx) => {
      if (!(await this.repo.lockLive(tx, pharmacyId, liveId))) throw notFound();
      const bound = await this.repo.replaceExam(tx, pharmacyId, liveId, ids);
      if (bound !== ids.length)
        throw AppError.notFound(liveMessages.questionNotFound, 'A question is not in this pharmacy');
      return (await this.repo.examQuestions(tx, pharmacyId, liveId)).map(toExamQuestion);
    });
  }
}
