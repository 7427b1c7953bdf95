import {
  answerIsCorrect,
  ErrorCode,
  type ExamResult,
  LIVE_VIEWER_TTL_SECONDS,
  type LiveStatus,
  liveConfigSchema,
  liveMessages,
  type ViewerExam,
  type ViewerLive,
  type ViewerPeriod,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { HeartbeatWriter } from './heartbeat-writer';
import {
  type AccessVerdict,
  type CommentRow,
  displayName,
  type LiveState,
  type StoredResultRow,
  type ViewerRepository,
} from './viewer.repository';

/** How long a live's state (status, pharmacy, pinned combo, viewers now) is reused by the beats (ms). */
const STATE_TTL_MS = 1000;
/** How long a viewer's right to watch is reused by the beats (ms); a refusal is re-read sooner. */
const ACCESS_TTL_MS = 30_000;
const REFUSAL_TTL_MS = 5_000;
/** At most this many rights to watch are read in one statement. */
const ACCESS_BATCH_MAX = 500;
/** The access cache is swept of expired entries this often (ms). */
const SWEEP_MS = 60_000;
const COMMENT_PAGE = 100;

const config = (raw: unknown) => liveConfigSchema.parse(raw ?? {});

const notFound = () => AppError.notFound(liveMessages.notFound, 'Live not found');
const refusal = (verdict: AccessVerdict) =>
  verdict === 'blacklisted'
    ? AppError.forbidden(liveMessages.blacklisted, 'Blacklisted at the pharmacy')
    : AppError.forbidden(liveMessages.notEnrolled, 'Not enrolled in a period of this live');
const badRequest = (msg: string, message: string, field?: string) =>
  new AppError(400, ErrorCode.BAD_PARAMS, msg, message, field ? { field } : null);

/** Another viewer's name as a viewer sees it: the surname and a star per other character (王丽娟 → 王**). */
export const viewerMaskedName = (name: string) => (name ? `${[...name][0]}${'*'.repeat([...name].length - 1)}` : '');

/**
 * A comment as the contract shapes it. Staff see names and who is muted; a viewer never learns who is muted, and sees
 * other viewers' names masked (the host's and their own in full).
 */
export const toComment = (r: CommentRow, showMuted: boolean, viewerId?: number) => ({
  id: r.id,
  live_id: r.live_id,
  account_id: r.account_id,
  name:
    showMuted || r.staff || r.account_id === viewerId
      ? displayName(r.a_name, r.a_phone)
      : r.a_name
        ? viewerMaskedName(r.a_name)
        : displayName(null, r.a_phone),
  staff: r.staff,
  content: r.content,
  status: r.status,
  muted: showMuted ? r.muted : false,
  created_at: r.created_at,
});

const toResult = (r: StoredResultRow, passScore: number): ExamResult => ({
  score: r.score,
  total_score: r.total_score,
  correct_count: r.correct_count,
  question_count: r.question_count,
  passed: r.score >= passScore,
  submitted_at: r.submitted_at,
  answers: r.answers,
});

interface ChatState {
  /** The latest visible comments in id order. */
  rows: CommentRow[];
  /** The page is full: older comments exist. */
  full: boolean;
  muted: Set<number>;
}

interface Cached<T> {
  value: T;
  until: number;
}

/**
 * The patient's side of live classes (docs/live.md "The viewer"). The beats' hot path reads nothing from the
 * database most of the time: the live's state is cached for a second per live (one read serves every viewer), the
 * viewer's right to watch for 30 s per (live, account); the accepted beat goes to the HeartbeatWriter's buffer.
 */
export class ViewerService {
  private readonly states = new Map<number, Cached<LiveState | null>>();
  private readonly stateReads = new Map<number, Promise<LiveState | null>>();
  private readonly access = new Map<string, Cached<AccessVerdict | null>>();
  private readonly chats = new Map<number, Cached<ChatState>>();
  private readonly chatReads = new Map<number, Promise<ChatState>>();
  private readonly accessQueue: {
    liveId: number;
    accountId: number;
    resolve: (v: AccessVerdict | null) => void;
    reject: (e: unknown) => void;
  }[] = [];
  /** Keys whose right to watch is being read again in the background. */
  private readonly accessReads = new Map<string, Promise<void>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    readonly repo: ViewerRepository,
    readonly writer: HeartbeatWriter,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /** Resolves when the rights to watch being re-read in the background are read (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.accessReads.values()]);
  }

  /** The app's onClose: stop the sweeper and write the buffered beats. */
  async close() {
    clearInterval(this.sweeper);
    await this.writer.close();
  }

  private sweep() {
    const now = this.now();
    // an expired 'ok' still serves its viewer's next beat; gone once it has not been refreshed for another TTL
    for (const [k, v] of this.access) if (v.until + ACCESS_TTL_MS <= now) this.access.delete(k);
    for (const [k, v] of this.states) if (v.until <= now) this.states.delete(k);
    for (const [k, v] of this.chats) if (v.until <= now) this.chats.delete(k);
  }

  // ------------------------------------------------------------------------------------------------ caches

  /** The live's state, read at most once per STATE_TTL_MS per live (concurrent misses share one read). */
  async state(liveId: number): Promise<LiveState | null> {
    const hit = this.states.get(liveId);
    if (hit && hit.until > this.now()) return hit.value;
    let reading = this.stateReads.get(liveId);
    if (!reading) {
      reading = this.repo.state(liveId, LIVE_VIEWER_TTL_SECONDS).then(
        (value) => {
          this.states.set(liveId, { value, until: this.now() + STATE_TTL_MS });
          this.stateReads.delete(liveId);
          return value;
        },
        (error) => {
          this.stateReads.delete(liveId);
          throw error;
        },
      );
      this.stateReads.set(liveId, reading);
    }
    return reading;
  }

  /**
   * The viewer's right to watch, fresh from the database (and remembered for the beats). Reads asked for in the same
   * turn of the event loop go to the database as one statement (the beats of many viewers arrive together).
   */
  private freshAccess(liveId: number, accountId: number): Promise<AccessVerdict | null> {
    return new Promise((resolve, reject) => {
      this.accessQueue.push({ liveId, accountId, resolve, reject });
      if (this.accessQueue.length === 1) setImmediate(() => void this.readAccessQueue());
    });
  }

  private async readAccessQueue() {
    const batch = this.accessQueue.splice(0, ACCESS_BATCH_MAX);
    if (this.accessQueue.length) setImmediate(() => void this.readAccessQueue());
    try {
      const verdicts = await this.repo.accessMany(batch);
      const now = this.now();
      batch.forEach((b, i) => {
        const value = verdicts[i];
        this.access.set(`${b.liveId}:${b.accountId}`, {
          value,
          until: now + (value === 'ok' ? ACCESS_TTL_MS : REFUSAL_TTL_MS),
        });
        b.resolve(value);
      });
    } catch (error) {
      for (const b of batch) b.reject(error);
    }
  }

  /**
   * The beats' view of the right to watch: a fresh 'ok' is used as is; an expired 'ok' is still used for this beat
   * while it is read again in the background (so a steady viewer's beats never wait for the database, and a
   * blacklisting or removal stops the beats one beat after the TTL); a refusal or an unknown viewer is read now.
   */
  private async cachedAccess(liveId: number, accountId: number): Promise<AccessVerdict | null> {
    const key = `${liveId}:${accountId}`;
    const hit = this.access.get(key);
    if (hit && hit.until > this.now()) return hit.value;
    if (hit?.value === 'ok') {
      if (!this.accessReads.has(key)) {
        const read = this.freshAccess(liveId, accountId)
          .then(() => undefined)
          .catch(() => void this.access.delete(key))
          .finally(() => this.accessReads.delete(key));
        this.accessReads.set(key, read);
      }
      return 'ok';
    }
    return this.freshAccess(liveId, accountId);
  }

  /** A live the account may open: 404 for a missing or draft live, 403 blacklisted / not enrolled. */
  private async watchable(liveId: number, accountId: number) {
    const live = await this.repo.live(liveId);
    if (!live || live.status === 'draft') throw notFound();
    const verdict = await this.freshAccess(liveId, accountId);
    if (verdict !== 'ok') throw refusal(verdict ?? 'not_enrolled');
    return live;
  }

  // ------------------------------------------------------------------------------------------------ periods

  myPeriods(accountId: number): Promise<ViewerPeriod[]> {
    return this.repo.myPeriods(accountId);
  }

  private async periodOrThrow(periodId: number, accountId: number) {
    const period = await this.repo.period(this.repo.db, periodId, accountId);
    if (!period) throw AppError.notFound(liveMessages.periodNotFound, 'Period not found');
    return period;
  }

  /** The invitation landing: the period, and the inviter when `staff` is a valid member (the visit is recorded). */
  async invitation(periodId: number, accountId: number, staff: number | undefined) {
    const { blacklisted, ...period } = await this.periodOrThrow(periodId, accountId);
    const inviter = staff ? await this.repo.inviter(period.pharmacy_id, staff) : null;
    if (inviter && !blacklisted) await this.repo.recordInvitation(period.pharmacy_id, periodId, accountId, inviter.id);
    return { ...period, inviter_name: inviter?.name ?? null };
  }

  /** Enrols once (source invite with a valid inviter, else self); blacklisted → 403. */
  async enroll(periodId: number, accountId: number, staff: number | null) {
    const { blacklisted, ...period } = await this.periodOrThrow(periodId, accountId);
    if (blacklisted) throw AppError.forbidden(liveMessages.blacklisted, 'Blacklisted at the pharmacy');
    const inviter = staff ? await this.repo.inviter(period.pharmacy_id, staff) : null;
    const created = await this.repo.enroll(
      period.pharmacy_id,
      periodId,
      accountId,
      inviter ? 'invite' : 'self',
      inviter?.id ?? null,
    );
    // the beats' cached refusals of this account's lives in the period are forgotten
    for (const live of period.lives) this.access.delete(`${live.id}:${accountId}`);
    return { period: { ...period, enrolled: true }, created, inviterId: inviter?.id ?? null };
  }

  // ------------------------------------------------------------------------------------------------ watching

  async live(liveId: number, accountId: number): Promise<ViewerLive> {
    const live = await this.watchable(liveId, accountId);
    const cfg = config(live.config);
    const replay = live.status === 'ended' && cfg.replay_enabled && live.replay_url !== '';
    const playing = live.status === 'live' && live.pull_url !== '';
    const [quoteSet, materials, muted, state, stored] = await Promise.all([
      live.quote_set_id ? this.repo.quoteSet(live.pharmacy_id, live.quote_set_id) : null,
      this.repo.materials(liveId),
      this.repo.muted(liveId, accountId),
      this.state(liveId),
      this.repo.storedResult(this.repo.db, liveId, accountId),
    ]);
    return {
      id: live.id,
      pharmacy_id: live.pharmacy_id,
      pharmacy_name: live.pharmacy_name,
      title: live.title,
      cover_url: live.cover_url,
      lecturer: live.lecturer,
      intro: live.intro,
      start_at: live.start_at,
      end_at: live.end_at,
      status: live.status,
      play_url: playing ? live.pull_url : replay ? live.replay_url : null,
      mode: playing ? 'live' : replay ? 'replay' : null,
      chat_enabled: cfg.chat_enabled,
      exam_enabled: cfg.exam_enabled,
      quote_set: quoteSet,
      combo_pinned: live.combo_pinned,
      materials,
      muted,
      viewers_now: state?.viewersNow ?? 0,
      exam_result: stored ? toResult(stored, cfg.pass_score) : null,
    };
  }

  /**
   * A beat: credited (once per window and beat period) while the live is live, or ended with a playable replay;
   * answered with the live's status, viewers now and the pinned combo. A live that cannot be watched now answers
   * 409 notWatchable with the same figures in `data` (so the page learns the status and stops).
   */
  async heartbeat(
    liveId: number,
    accountId: number,
  ): Promise<{ status: LiveStatus; viewers_now: number; combo_pinned: boolean }> {
    const state = await this.state(liveId);
    if (!state || state.status === 'draft') throw notFound();
    const verdict = await this.cachedAccess(liveId, accountId);
    if (verdict !== 'ok') throw refusal(verdict ?? 'not_enrolled');
    const answer = { status: state.status, viewers_now: state.viewersNow, combo_pinned: state.comboPinned };
    const mode = state.status === 'live' ? 'live' : state.replayPlayable ? 'replay' : null;
    if (!mode) throw new AppError(409, ErrorCode.CONFLICT, liveMessages.notWatchable, 'Live not watchable now', answer);
    this.writer.add({ pharmacyId: state.pharmacyId, liveId, accountId, mode });
    return answer;
  }

  // ------------------------------------------------------------------------------------------------ comments

  /**
   * The live's visible comments as the viewers poll them (every 3 s each): the latest COMMENT_PAGE and the muted
   * accounts, read at most once per STATE_TTL_MS per live (concurrent misses share one read) and forgotten at once
   * when a comment is posted, hidden or shown or a viewer (un)muted through this instance.
   */
  private chatOf(liveId: number): Promise<ChatState> {
    const hit = this.chats.get(liveId);
    if (hit && hit.until > this.now()) return Promise.resolve(hit.value);
    let reading = this.chatReads.get(liveId);
    if (!reading) {
      const read = Promise.all([
        this.repo.comments(liveId, { withHidden: false, limit: COMMENT_PAGE }),
        this.repo.mutedAccounts(liveId),
      ]).then(([rows, muted]) => ({ rows, full: rows.length >= COMMENT_PAGE, muted: new Set(muted) }));
      reading = read.then(
        (value) => {
          if (this.chatReads.get(liveId) === reading) {
            this.chats.set(liveId, { value, until: this.now() + STATE_TTL_MS });
            this.chatReads.delete(liveId);
          }
          return value;
        },
        (error) => {
          if (this.chatReads.get(liveId) === reading) this.chatReads.delete(liveId);
          throw error;
        },
      );
      this.chatReads.set(liveId, reading);
    }
    return reading;
  }

  /** Forgets a live's cached comments (a comment posted, hidden or shown, a viewer muted or unmuted). */
  forgetChat(liveId: number) {
    this.chats.delete(liveId);
    this.chatReads.delete(liveId);
  }

  /**
   * Polling (after_id) or the latest page, visible comments only, with my muted flag. The hot path of a live's
   * page: the right to watch and the live's state come from the beats' caches, the comments from the live's chat
   * cache; a client further behind than the cached page is answered from the database.
   */
  async comments(liveId: number, accountId: number, afterId: number | undefined) {
    const state = await this.state(liveId);
    if (!state || state.status === 'draft') throw notFound();
    const verdict = await this.cachedAccess(liveId, accountId);
    if (verdict !== 'ok') throw refusal(verdict ?? 'not_enrolled');
    const chat = await this.chatOf(liveId);
    const muted = chat.muted.has(accountId);
    let rows = afterId === undefined ? chat.rows : chat.rows.filter((r) => r.id > afterId);
    if (afterId !== undefined && chat.full && chat.rows.length && afterId < chat.rows[0].id - 1) {
      rows = await this.repo.comments(liveId, { afterId, withHidden: false, limit: COMMENT_PAGE });
    }
    return { list: rows.map((r) => toComment(r, false, accountId)), muted };
  }

  async postComment(liveId: number, accountId: number, content: string) {
    const live = await this.watchable(liveId, accountId);
    if (!config(live.config).chat_enabled) throw badRequest(liveMessages.commentsOff, 'Comments are off', 'content');
    if (await this.repo.muted(liveId, accountId)) throw AppError.forbidden(liveMessages.muted, 'Muted in this live');
    const id = await this.repo.insertComment(live.pharmacy_id, liveId, accountId, content, false);
    this.forgetChat(liveId);
    const row = await this.repo.comment(id);
    return toComment(row!, false, accountId);
  }

  // ------------------------------------------------------------------------------------------------ exam

  async exam(liveId: number, accountId: number): Promise<ViewerExam> {
    const live = await this.watchable(liveId, accountId);
    const cfg = config(live.config);
    const [questions, stored] = await Promise.all([
      cfg.exam_enabled ? this.repo.examQuestions(this.repo.db, liveId) : [],
      this.repo.storedResult(this.repo.db, liveId, accountId),
    ]);
    const open = cfg.exam_enabled && live.status === 'ended' && questions.length > 0;
    return {
      open,
      // the questions (never their answers: those come with the result) once the exam opens
      questions: open || stored ? questions.map(({ answer: _a, analysis: _b, ...q }) => q) : [],
      result: stored ? toResult(stored, cfg.pass_score) : null,
    };
  }

  /**
   * Submits once: one transaction inserting the result ON CONFLICT DO NOTHING with its answers; a resubmission (or
   * one that lost a race) answers the stored result. Every bound question must be answered (400 examIncomplete).
   */
  async submitExam(
    liveId: number,
    accountId: number,
    answers: { question_id: number; answer: string[] }[],
  ): Promise<{ result: ExamResult; created: boolean }> {
    const live = await this.watchable(liveId, accountId);
    const cfg = config(live.config);
    if (!cfg.exam_enabled) throw badRequest(liveMessages.examOff, 'No exam');
    if (live.status !== 'ended') throw AppError.conflict(liveMessages.examNotOpen, 'Exam opens when the live ends');
    const stored = await this.repo.storedResult(this.repo.db, liveId, accountId);
    if (stored) return { result: toResult(stored, cfg.pass_score), created: false };
    const questions = await this.repo.examQuestions(this.repo.db, liveId);
    if (!questions.length) throw badRequest(liveMessages.examOff, 'No questions');
    const given = new Map(answers.map((a) => [a.question_id, a.answer]));
    const graded = questions.map((q) => {
      const answer = given.get(q.id);
      if (!answer?.length) throw badRequest(liveMessages.examIncomplete, `Question ${q.id} unanswered`, 'answers');
      const keys = [...new Set(answer)];
      const correct = answerIsCorrect(q.answer, keys);
      return { questionId: q.id, answer: keys, correct, score: correct ? q.score : 0 };
    });
    const created = await this.repo.transaction((tx) =>
      this.repo.insertResult(tx, {
        pharmacyId: live.pharmacy_id,
        liveId,
        accountId,
        score: graded.reduce((n, a) => n + a.score, 0),
        totalScore: questions.reduce((n, q) => n + q.score, 0),
        correctCount: graded.filter((a) => a.correct).length,
        answers: graded,
      }),
    );
    const result = await this.repo.storedResult(this.repo.db, liveId, accountId);
    return { result: toResult(result!, cfg.pass_score), created };
  }
}
