import {
  type LiveQuoteSet,
  type LiveStatus,
  liveStaffRoles,
  maskPhone,
  type QuestionType,
  type ViewerPeriod,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { blacklistedSql } from '../../lib/blacklist';
import { queryRows } from '../../lib/sql-rows';
import { runNamed } from './heartbeat-writer';

/** A timestamp as an ISO text in UTC with milliseconds (what the console and the patient pages read). */
export const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoRaw = (column: string) => iso(sql.raw(column));

const staffRoles = sql.join(
  liveStaffRoles.map((r) => sql`${r}`),
  sql`, `,
);

/** A person as others see them: the name, else the masked phone. */
export const displayName = (name: string | null, phone: string | null) => name || String(maskPhone(phone ?? '')) || '';

/** What a beat needs of a live, read at most once a second per live (the viewer service caches it). */
export interface LiveState {
  pharmacyId: number;
  status: LiveStatus;
  comboPinned: boolean;
  /** The replay can be played (ended, replay enabled, an address). */
  replayPlayable: boolean;
  viewersNow: number;
}

export type AccessVerdict = 'ok' | 'not_enrolled' | 'blacklisted';

export interface ViewerLiveRow {
  id: number;
  pharmacy_id: number;
  pharmacy_name: string;
  title: string;
  cover_url: string;
  lecturer: string;
  intro: string;
  start_at: string;
  end_at: string;
  status: LiveStatus;
  pull_url: string;
  replay_url: string;
  config: unknown;
  quote_set_id: number | null;
  combo_pinned: boolean;
}

export interface CommentRow {
  id: number;
  live_id: number;
  account_id: number;
  a_name: string | null;
  a_phone: string | null;
  staff: boolean;
  content: string;
  status: 'visible' | 'hidden';
  muted: boolean;
  created_at: string;
}

export interface ExamQuestionRow {
  id: number;
  type: QuestionType;
  stem: string;
  options: { key: string; text: string }[];
  answer: string[];
  analysis: string;
  score: number;
  sort: number;
}

export interface StoredResultRow {
  score: number;
  total_score: number;
  correct_count: number;
  question_count: number;
  submitted_at: string;
  answers: { question_id: number; answer: string[]; correct_answer: string[]; correct: boolean; analysis: string }[];
}

interface PeriodRow extends Omit<ViewerPeriod, 'enrolled'> {
  enrolled: boolean;
  blacklisted: boolean;
}

/** The viewer's and the control room's SQL (the patient side of live classes). */
export class ViewerRepository {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ------------------------------------------------------------------------------------------------ periods

  private periodSelect(accountId: number) {
    return sql`select p.id, p.name, ${isoRaw('p.start_at')} as start_at, ${isoRaw('p.end_at')} as end_at,
        c.id as column_id, c.title as column_title, c.cover_url as column_cover_url, c.intro as column_intro,
        ph.id as pharmacy_id, ph.name as pharmacy_name,
        exists (select 1 from live_enrollment e where e.period_id = p.id and e.account_id = ${accountId}) as enrolled,
        ${blacklistedSql(sql`p.pharmacy_id`, accountId)} as blacklisted,
        coalesce((select json_agg(json_build_object('id', l.id, 'title', l.title, 'cover_url', l.cover_url,
            'lecturer', l.lecturer, 'start_at', ${isoRaw('l.start_at')}, 'status', l.status, 'sort', pl.sort)
            order by pl.sort, l.id)
          from column_period_live pl join live l on l.id = pl.live_id
          where pl.period_id = p.id and l.status <> 'draft'), '[]'::json) as lives
      from column_period p join live_column c on c.id = p.column_id join pharmacy ph on ph.id = p.pharmacy_id`;
  }

  private static period(row: PeriodRow): ViewerPeriod & { blacklisted: boolean } {
    return { ...row, lives: typeof row.lives === 'string' ? JSON.parse(row.lives) : row.lives };
  }

  /** The periods the account is enrolled in, newest enrolment first. */
  async myPeriods(accountId: number): Promise<ViewerPeriod[]> {
    const { rows } = await queryRows<PeriodRow & { e_created: string }>(
      this.db,
      sql`${this.periodSelect(accountId)}
        join live_enrollment me on me.period_id = p.id and me.account_id = ${accountId}
        order by me.created_at desc, me.id desc`,
    );
    return rows.map((r) => {
      const { blacklisted: _, ...period } = ViewerRepository.period(r);
      return period;
    });
  }

  async period(db: DbExecutor, periodId: number, accountId: number) {
    const { rows } = await queryRows<PeriodRow>(db, sql`${this.periodSelect(accountId)} where p.id = ${periodId}`);
    return rows[0] ? ViewerRepository.period(rows[0]) : null;
  }

  /** An active broadcast-set member of the pharmacy by pharmacy_member id, with the name others see. */
  async inviter(pharmacyId: number, memberId: number): Promise<{ id: number; name: string } | null> {
    const { rows } = await queryRows<{ id: number; name: string; phone: string }>(
      this.db,
      sql`select m.id, a.name, a.phone from pharmacy_member m join account a on a.id = m.account_id
        where m.id = ${memberId} and m.pharmacy_id = ${pharmacyId} and m.status = 'active'
          and m.role in (${staffRoles}) and a.status = 'active'`,
    );
    return rows[0] ? { id: rows[0].id, name: displayName(rows[0].name, rows[0].phone) } : null;
  }

  async recordInvitation(pharmacyId: number, periodId: number, accountId: number, memberId: number) {
    await this.db.execute(
      sql`insert into live_invitation (pharmacy_id, period_id, account_id, inviter_member_id)
        values (${pharmacyId}, ${periodId}, ${accountId}, ${memberId})
        on conflict (period_id, account_id, inviter_member_id) do nothing`,
    );
  }

  /** Enrols once: a repeated or concurrent enrolment inserts nothing (true when this call enrolled). */
  async enroll(
    pharmacyId: number,
    periodId: number,
    accountId: number,
    source: 'invite' | 'self',
    inviterMemberId: number | null,
  ): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`insert into live_enrollment (pharmacy_id, period_id, account_id, source, inviter_member_id)
        values (${pharmacyId}, ${periodId}, ${accountId}, ${source}, ${inviterMemberId})
        on conflict (period_id, account_id) do nothing returning id`,
    );
    return rows.length > 0;
  }

  // ------------------------------------------------------------------------------------------------ lives

  /**
   * Whether each account may watch each live (one statement for a batch of pairs): blacklisted at the live's
   * pharmacy (by account or phone), else enrolled in a period binding it; null for a live that does not exist.
   */
  async accessMany(pairs: { liveId: number; accountId: number }[]): Promise<(AccessVerdict | null)[]> {
    const rows = await runNamed<{ i: number; found: boolean; enrolled: boolean; blacklisted: boolean }>(
      this.db,
      'live_viewer_access_many',
      sql`select t.i::int as i, l.id is not null as found,
          exists (select 1 from column_period_live pl
            join live_enrollment e on e.period_id = pl.period_id and e.account_id = t.account_id
            where pl.live_id = l.id) as enrolled,
          ${blacklistedSql(sql`l.pharmacy_id`, sql`t.account_id`)} as blacklisted
        from unnest(${sql.param(pairs.map((p) => p.liveId))}::int[], ${sql.param(pairs.map((p) => p.accountId))}::int[])
          with ordinality as t(live_id, account_id, i)
        left join live l on l.id = t.live_id`,
    );
    const out: (AccessVerdict | null)[] = pairs.map(() => null);
    for (const r of rows) {
      out[r.i - 1] = !r.found ? null : r.blacklisted ? 'blacklisted' : r.enrolled ? 'ok' : 'not_enrolled';
    }
    return out;
  }

  /** The live's state for the beats and viewers now: accounts with a beat in the last ttlSeconds (live_watch). */
  async state(liveId: number, ttlSeconds: number): Promise<LiveState | null> {
    const rows = await runNamed<{
      pharmacy_id: number;
      status: LiveStatus;
      combo_pinned: boolean;
      replay_playable: boolean;
      viewers_now: number;
    }>(
      this.db,
      'live_viewer_state',
      sql`select l.pharmacy_id, l.status, l.combo_pinned,
          (l.status = 'ended' and coalesce((l.config->>'replay_enabled')::boolean, true) and l.replay_url <> '')
            as replay_playable,
          (select count(distinct w.account_id) from live_watch w
            where w.live_id = l.id and w.last_beat_at > now() - make_interval(secs => ${ttlSeconds}::int))::int
            as viewers_now
        from live l where l.id = ${liveId}`,
    );
    const row = rows[0];
    return row
      ? {
          pharmacyId: row.pharmacy_id,
          status: row.status,
          comboPinned: row.combo_pinned,
          replayPlayable: row.replay_playable,
          viewersNow: row.viewers_now,
        }
      : null;
  }

  async live(liveId: number): Promise<ViewerLiveRow | null> {
    const { rows } = await queryRows<ViewerLiveRow>(
      this.db,
      sql`select l.id, l.pharmacy_id, ph.name as pharmacy_name, l.title, l.cover_url, l.lecturer, l.intro,
          ${isoRaw('l.start_at')} as start_at, ${isoRaw('l.end_at')} as end_at, l.status, l.pull_url, l.replay_url,
          l.config, l.quote_set_id, l.combo_pinned
        from live l join pharmacy ph on ph.id = l.pharmacy_id where l.id = ${liveId}`,
    );
    return rows[0] ?? null;
  }

  /** A combo of the pharmacy with its lines (name, spec, qty), or null. */
  async quoteSet(pharmacyId: number, quoteSetId: number): Promise<LiveQuoteSet | null> {
    const { rows } = await queryRows<LiveQuoteSet>(
      this.db,
      sql`select s.id, s.name, s.price::text as price, s.status,
          coalesce((select json_agg(json_build_object('name', p.name, 'spec', p.spec, 'qty', i.qty)
              order by i.sort, i.id)
            from quote_set_item i join quote q on q.id = i.quote_id join product p on p.id = q.product_id
            where i.quote_set_id = s.id), '[]'::json) as items
        from quote_set s where s.id = ${quoteSetId} and s.pharmacy_id = ${pharmacyId}`,
    );
    const row = rows[0];
    if (!row) return null;
    return { ...row, items: typeof row.items === 'string' ? JSON.parse(row.items) : row.items };
  }

  async materials(liveId: number) {
    const { rows } = await queryRows<{
      id: number;
      live_id: number;
      name: string;
      url: string;
      size: number;
      mime: string;
      created_at: string;
    }>(
      this.db,
      sql`select id, live_id, name, url, size, mime, ${isoRaw('created_at')} as created_at
        from live_material where live_id = ${liveId} order by sort, id`,
    );
    return rows;
  }

  async mutedAccounts(liveId: number): Promise<number[]> {
    const { rows } = await queryRows<{ account_id: number }>(
      this.db,
      sql`select account_id from live_mute where live_id = ${liveId}`,
    );
    return rows.map((r) => r.account_id);
  }

  async muted(liveId: number, accountId: number): Promise<boolean> {
    const { rows } = await queryRows<{ one: number }>(
      this.db,
      sql`select 1 as one from live_mute where live_id = ${liveId} and account_id = ${accountId}`,
    );
    return rows.length > 0;
  }

  // ------------------------------------------------------------------------------------------------ comments

  private commentSelect = sql`select c.id, c.live_id, c.account_id, a.name as a_name, a.phone as a_phone, c.staff,
      c.content, c.status, exists (select 1 from live_mute m where m.live_id = c.live_id and m.account_id = c.account_id)
      as muted, ${isoRaw('c.created_at')} as created_at
    from live_comment c join account a on a.id = c.account_id`;

  /**
   * A live's comments in id order: after `afterId` (polling, at most `limit`), else the latest `limit`. Viewers see
   * the visible ones only.
   */
  async comments(liveId: number, opts: { afterId?: number; withHidden: boolean; limit: number }) {
    const hidden = opts.withHidden ? sql`` : sql` and c.status = 'visible'`;
    const query =
      opts.afterId !== undefined
        ? sql`${this.commentSelect} where c.live_id = ${liveId}${hidden} and c.id > ${opts.afterId}
            order by c.id limit ${opts.limit}`
        : sql`select * from (${this.commentSelect} where c.live_id = ${liveId}${hidden}
            order by c.id desc limit ${opts.limit}) x order by id`;
    return (await queryRows<CommentRow>(this.db, query)).rows;
  }

  async comment(id: number, pharmacyId?: number): Promise<CommentRow | null> {
    const tenant = pharmacyId === undefined ? sql`` : sql` and c.pharmacy_id = ${pharmacyId}`;
    const { rows } = await queryRows<CommentRow>(this.db, sql`${this.commentSelect} where c.id = ${id}${tenant}`);
    return rows[0] ?? null;
  }

  async insertComment(pharmacyId: number, liveId: number, accountId: number, content: string, staff: boolean) {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`insert into live_comment (pharmacy_id, live_id, account_id, staff, content)
        values (${pharmacyId}, ${liveId}, ${accountId}, ${staff}, ${content}) returning id`,
    );
    return rows[0].id;
  }

  /** Hides or shows a comment of the pharmacy; false when it is not the pharmacy's. */
  async setCommentStatus(pharmacyId: number, id: number, status: 'visible' | 'hidden', by: number) {
    const { rowCount } = await queryRows(
      this.db,
      sql`update live_comment set status = ${status}, hidden_by = ${status === 'hidden' ? by : null}, updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rowCount > 0;
  }

  // ------------------------------------------------------------------------------------------------ exam

  async examQuestions(db: DbExecutor, liveId: number): Promise<ExamQuestionRow[]> {
    const { rows } = await queryRows<ExamQuestionRow>(
      db,
      sql`select q.id, q.type, q.stem, q.options, q.answer, q.analysis, q.score, lq.sort
        from live_question lq join question q on q.id = lq.question_id
        where lq.live_id = ${liveId} order by lq.sort, q.id`,
    );
    return rows;
  }

  async storedResult(db: DbExecutor, liveId: number, accountId: number): Promise<StoredResultRow | null> {
    const { rows } = await queryRows<StoredResultRow>(
      db,
      sql`select r.score, r.total_score, r.correct_count, r.question_count, ${isoRaw('r.submitted_at')} as submitted_at,
          coalesce((select json_agg(json_build_object('question_id', a.question_id, 'answer', a.answer,
              'correct_answer', q.answer, 'correct', a.correct, 'analysis', q.analysis)
              order by coalesce(lq.sort, 2147483647), a.question_id)
            from live_answer a join question q on q.id = a.question_id
            left join live_question lq on lq.live_id = a.live_id and lq.question_id = a.question_id
            where a.live_id = r.live_id and a.account_id = r.account_id), '[]'::json) as answers
        from live_exam_result r where r.live_id = ${liveId} and r.account_id = ${accountId}`,
    );
    const row = rows[0];
    if (!row) return null;
    return { ...row, answers: typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers };
  }

  /** Inserts the result and its answers unless a result exists (true when this call inserted it). */
  async insertResult(
    tx: Transaction,
    r: {
      pharmacyId: number;
      liveId: number;
      accountId: number;
      score: number;
      totalScore: number;
      correctCount: number;
      answers: { questionId: number; answer: string[]; correct: boolean; score: number }[];
    },
  ): Promise<boolean> {
    const { rows } = await queryRows<{ live_id: number }>(
      tx,
      sql`insert into live_exam_result (pharmacy_id, live_id, account_id, score, total_score, correct_count,
          question_count)
        values (${r.pharmacyId}, ${r.liveId}, ${r.accountId}, ${r.score}, ${r.totalScore}, ${r.correctCount},
          ${r.answers.length})
        on conflict (live_id, account_id) do nothing returning live_id`,
    );
    if (!rows.length) return false;
    // one row per answer; the answer keys travel as one text (a JSON array per row) and are unpacked in SQL
    await tx.execute(
      sql`insert into live_answer (pharmacy_id, live_id, account_id, question_id, answer, correct, score)
        select ${r.pharmacyId}, ${r.liveId}, ${r.accountId}, t.q,
          array(select json_array_elements_text(t.a::json)), t.c, t.s
        from unnest(${sql.param(r.answers.map((a) => a.questionId))}::int[],
          ${sql.param(r.answers.map((a) => JSON.stringify(a.answer)))}::text[],
          ${sql.param(r.answers.map((a) => a.correct))}::boolean[],
          ${sql.param(r.answers.map((a) => a.score))}::int[]) as t(q, a, c, s)`,
    );
    return true;
  }

  // ------------------------------------------------------------------------------------------------ control room

  /** Whether the live is the pharmacy's (and its status). */
  async pharmacyLive(pharmacyId: number, liveId: number): Promise<{ id: number; status: LiveStatus } | null> {
    const { rows } = await queryRows<{ id: number; status: LiveStatus }>(
      this.db,
      sql`select id, status from live where id = ${liveId} and pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? null;
  }

  /** Whether the account commented in or watched the live. */
  async tookPart(liveId: number, accountId: number): Promise<boolean> {
    const { rows } = await queryRows<{ yes: boolean }>(
      this.db,
      sql`select (exists (select 1 from live_comment where live_id = ${liveId} and account_id = ${accountId})
          or exists (select 1 from live_watch where live_id = ${liveId} and account_id = ${accountId})) as yes`,
    );
    return !!rows[0]?.yes;
  }

  async mute(pharmacyId: number, liveId: number, accountId: number, by: number) {
    await this.db.execute(
      sql`insert into live_mute (pharmacy_id, live_id, account_id, muted_by)
        values (${pharmacyId}, ${liveId}, ${accountId}, ${by}) on conflict (live_id, account_id) do nothing`,
    );
  }

  async unmute(liveId: number, accountId: number) {
    await this.db.execute(sql`delete from live_mute where live_id = ${liveId} and account_id = ${accountId}`);
  }

  /**
   * The control room's lives of the pharmacy: those planned to start or started today (Shanghai), and any live now,
   * in the live detail's shape with viewers now and the comment count.
   */
  async today(pharmacyId: number, ttlSeconds: number) {
    const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
    const { rows } = await queryRows<Record<string, unknown>>(
      this.db,
      sql`select l.id, l.title, l.cover_url, l.lecturer, ${isoRaw('l.start_at')} as start_at,
          ${isoRaw('l.end_at')} as end_at, ${isoRaw('l.started_at')} as started_at, ${isoRaw('l.ended_at')} as ended_at,
          l.status, l.quote_set_id, s.name as quote_set_name, l.intro, l.push_url, l.pull_url, l.replay_url, l.config,
          l.combo_pinned, l.source_live_id, ${isoRaw('l.created_at')} as created_at,
          (select count(distinct w.account_id) from live_watch w where w.live_id = l.id)::int as viewer_count,
          (select count(*) from live_question lq where lq.live_id = l.id)::int as question_count,
          (select count(*) from live_material m where m.live_id = l.id)::int as material_count,
          (select count(*) from live_share sh where sh.live_id = l.id)::int as share_count,
          coalesce((select json_agg(json_build_object('id', p.id, 'column_id', p.column_id,
              'name', c.title || ' · ' || p.name) order by p.id)
            from column_period_live pl join column_period p on p.id = pl.period_id
            join live_column c on c.id = p.column_id where pl.live_id = l.id), '[]'::json) as periods,
          (select count(distinct w.account_id) from live_watch w
            where w.live_id = l.id and w.last_beat_at > now() - make_interval(secs => ${ttlSeconds}::int))::int
            as viewers_now,
          (select count(*) from live_comment c where c.live_id = l.id)::int as comment_count
        from live l left join quote_set s on s.id = l.quote_set_id and s.pharmacy_id = l.pharmacy_id
        where l.pharmacy_id = ${pharmacyId} and l.status <> 'draft'
          and (l.status = 'live'
            or (l.start_at at time zone 'Asia/Shanghai')::date = ${today}
            or (l.started_at at time zone 'Asia/Shanghai')::date = ${today})
        order by (l.status = 'live') desc, l.start_at, l.id`,
    );
    return rows;
  }
}
