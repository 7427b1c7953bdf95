import {
  LIVE_VIEWER_TTL_SECONDS,
  type LiveBody,
  type LiveFlowAction,
  type LiveListQuery,
  type LiveStatus,
  liveFlow,
  type QuestionType,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

type Time = Date | string;

/** A live as the list reads it (the combo's name, viewers and exam size joined). */
export interface LiveSummaryRow {
  id: number;
  title: string;
  cover_url: string;
  lecturer: string;
  start_at: Time;
  end_at: Time;
  started_at: Time | null;
  ended_at: Time | null;
  status: LiveStatus;
  quote_set_id: number | null;
  quote_set_name: string | null;
  viewer_count: number;
  question_count: number;
  created_at: Time;
}

export interface LiveDetailRow extends LiveSummaryRow {
  intro: string;
  push_url: string;
  pull_url: string;
  replay_url: string;
  config: unknown;
  combo_pinned: boolean;
  source_live_id: number | null;
  material_count: number;
  share_count: number;
  periods: { id: number; column_id: number; name: string }[];
  quote_set: {
    id: number;
    name: string;
    price: string;
    status: 'on_sale' | 'off_sale';
    items: { name: string; spec: string; qty: number }[];
  } | null;
}

export interface ShareRow {
  id: number;
  live_id: number;
  title: string;
  description: string;
  image_url: string;
  enabled: boolean;
  created_at: Time;
}

export interface MaterialRow {
  id: number;
  live_id: number;
  name: string;
  url: string;
  size: number;
  mime: string;
  created_at: Time;
}

export interface ViewerRow {
  account_id: number;
  name: string;
  phone: string;
  watch_seconds: number;
  first_watch_at: Time | null;
  last_watch_at: Time | null;
  answered: boolean;
  score: number | null;
  inviter_name: string | null;
}

export interface UserStatsRow {
  viewers: number;
  watch_seconds: number;
  enrolled: number;
  answered: number;
  avg_score: string | null;
  passed: number;
  orders: number;
  amount: string;
  viewers_now: number;
}

export interface ExamQuestionRow {
  id: number;
  category_id: number | null;
  category_name: string | null;
  type: QuestionType;
  stem: string;
  options: { key: string; text: string }[];
  answer: string[];
  analysis: string;
  score: number;
  live_count: number;
  created_at: Time;
  sort: number;
}

/** The live's columns every read shares (`l` is the live). */
const summaryColumns = sql`l.id, l.title, l.cover_url, l.lecturer, l.start_at, l.end_at, l.started_at, l.ended_at,
  l.status, l.quote_set_id, s.name as quote_set_name, l.created_at,
  (select count(distinct w.account_id)::int from live_watch w where w.live_id = l.id) as viewer_count,
  (select count(*)::int from live_question lq where lq.live_id = l.id) as question_count`;

const detailColumns = sql`${summaryColumns}, l.intro, l.push_url, l.pull_url, l.replay_url, l.config, l.combo_pinned,
  l.source_live_id,
  (select count(*)::int from live_material m where m.live_id = l.id) as material_count,
  (select count(*)::int from live_share sh where sh.live_id = l.id) as share_count,
  (select coalesce(json_agg(json_build_object('id', p.id, 'column_id', p.column_id,
      'name', c.title || ' · ' || p.name) order by p.start_at, p.id), '[]'::json)
    from column_period_live cpl join column_period p on p.id = cpl.period_id
    join live_column c on c.id = p.column_id
    where cpl.live_id = l.id) as periods,
  case when s.id is null then null else json_build_object('id', s.id, 'name', s.name, 'price', s.price::text,
    'status', s.status,
    'items', (select coalesce(json_agg(json_build_object('name', pr.name, 'spec', pr.spec, 'qty', i.qty)
        order by i.sort, i.id), '[]'::json)
      from quote_set_item i join quote q on q.id = i.quote_id join product pr on pr.id = q.product_id
      where i.quote_set_id = s.id)) end as quote_set`;

/** A live's combo joined only when it is the live's pharmacy's own. */
const fromLive = sql`from live l left join quote_set s on s.id = l.quote_set_id and s.pharmacy_id = l.pharmacy_id`;

const examColumns = sql`q.id, q.category_id, c.name as category_name, q.type, q.stem, q.options, q.answer, q.analysis,
  q.score, q.created_at,
  (select count(*)::int from live_question x where x.question_id = q.id) as live_count`;

/** Copies of the live's own rows and its exam into another pharmacy (sync): the statements of one transaction. */
export const SYNC_CATEGORY_NAME = '同步题目';

/**
 * The only SQL of lives, their share cards, materials, viewers' figures and exams (live.service.ts has the rules).
 * Every statement names the pharmacy: another pharmacy's row is never read or changed.
 */
export class LiveRepository {
  constructor(readonly db: Database) {}

  /** One page of the pharmacy's lives, newest start first, and the tab counts under the same filters. */
  async page(pharmacyId: number, q: LiveListQuery) {
    const where: SQL[] = [sql`l.pharmacy_id = ${pharmacyId}`];
    if (q.title) where.push(sql`l.title ilike ${containsPattern(q.title)}`);
    if (q.lecturer) where.push(sql`l.lecturer ilike ${containsPattern(q.lecturer)}`);
    // the planned start's Shanghai day between the two days, both included
    if (q.date_from) where.push(sql`l.start_at >= (${q.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
    if (q.date_to) where.push(sql`l.start_at < (${q.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
    const filtered = sql.join(where, sql` and `);
    const { rows: countRows } = await queryRows<{ status: LiveStatus; n: number }>(
      this.db,
      sql`select l.status, count(*)::int as n from live l where ${filtered} group by l.status`,
    );
    const statusFilter = q.status === 'all' ? sql`` : sql` and l.status = ${q.status}`;
    const { rows } = await queryRows<LiveSummaryRow>(
      this.db,
      sql`select ${summaryColumns} ${fromLive} where ${filtered}${statusFilter}
        order by l.start_at desc, l.id desc
        limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
    );
    return { rows, countRows };
  }

  async detail(db: DbExecutor, pharmacyId: number, id: number): Promise<LiveDetailRow | null> {
    const { rows } = await queryRows<LiveDetailRow>(
      db,
      sql`select ${detailColumns} ${fromLive} where l.id = ${id} and l.pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? null;
  }

  /** The live's status and pull address (a refused change tells 404 from 409 with it), or null. */
  async state(db: DbExecutor, pharmacyId: number, id: number) {
    const { rows } = await queryRows<{ status: LiveStatus; pull_url: string; quote_set_id: number | null }>(
      db,
      sql`select status, pull_url, quote_set_id from live where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? null;
  }

  async insert(pharmacyId: number, body: LiveBody, createdBy: number): Promise<number> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`insert into live (pharmacy_id, title, cover_url, lecturer, intro, start_at, end_at, push_url, pull_url,
          replay_url, config, created_by)
        values (${pharmacyId}, ${body.title}, ${body.cover_url}, ${body.lecturer}, ${body.intro}, ${body.start_at},
          ${body.end_at}, ${body.push_url}, ${body.pull_url}, ${body.replay_url}, ${JSON.stringify(body.config)}::jsonb,
          ${createdBy})
        returning id`,
    );
    return rows[0]!.id;
  }

  async update(pharmacyId: number, id: number, body: LiveBody): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`update live set title = ${body.title}, cover_url = ${body.cover_url}, lecturer = ${body.lecturer},
          intro = ${body.intro}, start_at = ${body.start_at}, end_at = ${body.end_at}, push_url = ${body.push_url},
          pull_url = ${body.pull_url}, replay_url = ${body.replay_url},
          config = ${JSON.stringify(body.config)}::jsonb, updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rowCount > 0;
  }

  /** Deletes a draft (one guarded statement); answers the deleted live's material urls, or null when none went. */
  async deleteDraft(pharmacyId: number, id: number): Promise<string[] | null> {
    const { rows } = await queryRows<{ id: number; urls: string[] | null }>(
      this.db,
      sql`with gone as (
          delete from live where id = ${id} and pharmacy_id = ${pharmacyId} and status = 'draft' returning id)
        select g.id, (select array_agg(m.url) from live_material m where m.live_id = g.id) as urls from gone g`,
    );
    if (!rows[0]) return null;
    return rows[0].urls ?? [];
  }

  /**
   * The flow's one guarded statement: the live moves only from the action's status (start: only with a pull
   * address), stamping started_at / ended_at. false: nothing changed (missing, another status, or no pull address).
   */
  async transition(pharmacyId: number, id: number, action: LiveFlowAction): Promise<boolean> {
    const { from, to } = liveFlow[action];
    const stamps =
      action === 'start'
        ? sql`, started_at = now(), ended_at = null`
        : action === 'end'
          ? sql`, ended_at = now()`
          : sql``;
    const needsPull = action === 'start' ? sql` and pull_url <> ''` : sql``;
    const { rowCount } = await queryRows(
      this.db,
      sql`update live set status = ${to}${stamps}, updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId} and status = ${from}${needsPull}`,
    );
    return rowCount > 0;
  }

  /**
   * Binds (or with null unbinds) the combo in one statement that also checks it is the pharmacy's own: 0 rows when
   * the live is missing or the combo is another pharmacy's (or missing).
   */
  async setQuoteSet(pharmacyId: number, id: number, quoteSetId: number | null, pinned: boolean): Promise<boolean> {
    const owned =
      quoteSetId === null
        ? sql`true`
        : sql`exists (select 1 from quote_set s where s.id = ${quoteSetId} and s.pharmacy_id = ${pharmacyId})`;
    const { rowCount } = await queryRows(
      this.db,
      sql`update live set quote_set_id = ${quoteSetId}, combo_pinned = ${quoteSetId !== null && pinned},
          updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId} and ${owned}`,
    );
    return rowCount > 0;
  }

  async exists(db: DbExecutor, pharmacyId: number, id: number): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      db,
      sql`select id from live where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rows.length > 0;
  }

  // ------------------------------------------------------------------------------------------ share cards

  async shares(pharmacyId: number, liveId: number) {
    const { rows } = await queryRows<ShareRow>(
      this.db,
      sql`select id, live_id, title, description, image_url, enabled, created_at from live_share
        where live_id = ${liveId} and pharmacy_id = ${pharmacyId} order by id`,
    );
    return rows;
  }

  /** A share card of the pharmacy's live; null when the live is not the pharmacy's. */
  async insertShare(
    pharmacyId: number,
    liveId: number,
    b: { title: string; description: string; image_url: string; enabled: boolean },
  ): Promise<ShareRow | null> {
    const { rows } = await queryRows<ShareRow>(
      this.db,
      sql`insert into live_share (pharmacy_id, live_id, title, description, image_url, enabled)
        select ${pharmacyId}, l.id, ${b.title}, ${b.description}, ${b.image_url}, ${b.enabled} from live l
        where l.id = ${liveId} and l.pharmacy_id = ${pharmacyId}
        returning id, live_id, title, description, image_url, enabled, created_at`,
    );
    return rows[0] ?? null;
  }

  async updateShare(
    pharmacyId: number,
    id: number,
    b: { title: string; description: string; image_url: string; enabled: boolean },
  ): Promise<ShareRow | null> {
    const { rows } = await queryRows<ShareRow>(
      this.db,
      sql`update live_share set title = ${b.title}, description = ${b.description}, image_url = ${b.image_url},
          enabled = ${b.enabled}, updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId}
        returning id, live_id, title, description, image_url, enabled, created_at`,
    );
    return rows[0] ?? null;
  }

  async deleteShare(pharmacyId: number, id: number): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`delete from live_share where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rowCount > 0;
  }

  // ------------------------------------------------------------------------------------------ materials

  async materials(pharmacyId: number, liveId: number) {
    const { rows } = await queryRows<MaterialRow>(
      this.db,
      sql`select id, live_id, name, url, size, mime, created_at from live_material
        where live_id = ${liveId} and pharmacy_id = ${pharmacyId} order by sort, id`,
    );
    return rows;
  }

  /** Appends a material (last in order); null when the live is not the pharmacy's. */
  async insertMaterial(
    pharmacyId: number,
    liveId: number,
    m: { name: string; url: string; size: number; mime: string },
  ): Promise<MaterialRow | null> {
    const { rows } = await queryRows<MaterialRow>(
      this.db,
      sql`insert into live_material (pharmacy_id, live_id, name, url, size, mime, sort)
        select ${pharmacyId}, l.id, ${m.name}, ${m.url}, ${m.size}, ${m.mime},
          coalesce((select max(sort) from live_material x where x.live_id = l.id), 0) + 1
        from live l where l.id = ${liveId} and l.pharmacy_id = ${pharmacyId}
        returning id, live_id, name, url, size, mime, created_at`,
    );
    return rows[0] ?? null;
  }

  /** Deletes a material; answers its url and whether another material row (a synced copy) still names it. */
  async deleteMaterial(pharmacyId: number, id: number): Promise<{ url: string; shared: boolean } | null> {
    const { rows } = await queryRows<{ url: string; shared: boolean }>(
      this.db,
      sql`with gone as (delete from live_material where id = ${id} and pharmacy_id = ${pharmacyId} returning id, url)
        select g.url, exists (select 1 from live_material m where m.url = g.url and m.id <> g.id) as shared
        from gone g`,
    );
    return rows[0] ?? null;
  }

  /** Whether any material row names this url (a file is removed from storage only when none does). */
  async materialUrlUsed(url: string): Promise<boolean> {
    const { rows } = await queryRows<{ one: number }>(
      this.db,
      sql`select 1 as one from live_material where url = ${url} limit 1`,
    );
    return rows.length > 0;
  }

  // ------------------------------------------------------------------------------------------ sync

  /** Pharmacies (id, name) among `ids` in the order given. */
  async pharmacyNames(ids: number[]) {
    const { rows } = await queryRows<{ id: number; name: string }>(
      this.db,
      sql`select id, name from pharmacy where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /**
   * The target's name and status as they are now, its row locked (FOR SHARE) until the sync's transaction ends: a
   * suspension waits for the copy, and a copy after a suspension reads the new status. Undefined when missing.
   */
  async lockSyncTarget(tx: DbExecutor, target: number) {
    const { rows } = await queryRows<{ name: string; status: 'pending' | 'active' | 'suspended' | 'rejected' }>(
      tx,
      sql`select name, status from pharmacy where id = ${target} for share`,
    );
    return rows[0];
  }

  /**
   * Copies the live into `target` as a draft (source_live_id set) with its materials, share cards and exam: the
   * exam's questions are copied into the target's bank under the top-level category 同步题目 (made when missing,
   * under a per-pharmacy lock so two syncs do not make two) and bound in the same order. The combo is not copied (it
   * belongs to the source pharmacy). Runs inside the caller's transaction; answers the new live's id, or null when
   * the source is not the pharmacy's.
   */
  async copyLive(
    tx: DbExecutor,
    sourcePharmacyId: number,
    liveId: number,
    target: number,
    createdBy: number,
  ): Promise<number | null> {
    const { rows } = await queryRows<{ id: number }>(
      tx,
      sql`insert into live (pharmacy_id, title, cover_url, lecturer, intro, start_at, end_at, status, push_url,
          pull_url, replay_url, config, source_live_id, created_by)
        select ${target}, title, cover_url, lecturer, intro, start_at, end_at, 'draft', push_url, pull_url,
          replay_url, config, id, ${createdBy}
        from live where id = ${liveId} and pharmacy_id = ${sourcePharmacyId}
        returning id`,
    );
    const copy = rows[0]?.id;
    if (copy === undefined) return null;
    await queryRows(
      tx,
      sql`insert into live_material (pharmacy_id, live_id, name, url, size, mime, sort)
        select ${target}, ${copy}, name, url, size, mime, sort from live_material
        where live_id = ${liveId} and pharmacy_id = ${sourcePharmacyId} order by sort, id`,
    );
    await queryRows(
      tx,
      sql`insert into live_share (pharmacy_id, live_id, title, description, image_url, enabled)
        select ${target}, ${copy}, title, description, image_url, enabled from live_share
        where live_id = ${liveId} and pharmacy_id = ${sourcePharmacyId} order by id`,
    );
    const { rows: exam } = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from live_question where live_id = ${liveId} and pharmacy_id = ${sourcePharmacyId}`,
    );
    if (exam[0]!.n === 0) return copy;
    // one category 同步题目 per pharmacy: the lock serialises two syncs into the same pharmacy
    await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('live_sync_category'), ${target}::int)`);
    await queryRows(
      tx,
      sql`insert into question_category (pharmacy_id, parent_id, name)
        select ${target}, null, ${SYNC_CATEGORY_NAME}
        where not exists (select 1 from question_category
          where pharmacy_id = ${target} and parent_id is null and name = ${SYNC_CATEGORY_NAME})`,
    );
    // new question ids drawn first, so each copy is bound to its source's place in the exam in the same statement
    await queryRows(
      tx,
      sql`with cat as (
          select id from question_category
          where pharmacy_id = ${target} and parent_id is null and name = ${SYNC_CATEGORY_NAME}
          order by id limit 1),
        src as materialized (
          select q.type, q.stem, q.options, q.answer, q.analysis, q.score,
            row_number() over (order by lq.sort, lq.question_id)::int as sort,
            nextval(pg_get_serial_sequence('question', 'id'))::int as new_id
          from live_question lq join question q on q.id = lq.question_id
          where lq.live_id = ${liveId} and lq.pharmacy_id = ${sourcePharmacyId}),
        ins as (
          insert into question (id, pharmacy_id, category_id, type, stem, options, answer, analysis, score)
          select s.new_id, ${target}, (select id from cat), s.type, s.stem, s.options, s.answer, s.analysis, s.score
          from src s
          returning id)
        insert into live_question (pharmacy_id, live_id, question_id, sort)
        select ${target}, ${copy}, s.new_id, s.sort from src s join ins on ins.id = s.new_id`,
    );
    return copy;
  }

  // ------------------------------------------------------------------------------------------ viewers

  /**
   * The live's users: everyone with watch time (live_watch, summed over days) or a submitted exam, with the exam's
   * score and the inviter. The inviter is the patient's OWNER at the pharmacy, the same rule as the team statistics
   * (docs/live.md): the inviter of their earliest enrolment there that has one. Chosen over "the inviter of an
   * enrolment in this live's periods" so that a patient listed under 邀请人 here is the one the team statistics count
   * them for (and a patient who watched without enrolling in this live's periods still shows who brought them).
   */
  private viewersQuery(pharmacyId: number, liveId: number, keyword: string | undefined) {
    const match = keyword
      ? sql` and (a.name ilike ${containsPattern(keyword)} or a.phone like ${containsPattern(keyword)})`
      : sql``;
    return sql`with w as (
        select account_id, sum(seconds)::int as seconds, min(first_beat_at) as first_at, max(last_beat_at) as last_at
        from live_watch where live_id = ${liveId} and pharmacy_id = ${pharmacyId} group by account_id),
      r as (select account_id, score from live_exam_result where live_id = ${liveId} and pharmacy_id = ${pharmacyId}),
      u as (
        select coalesce(w.account_id, r.account_id) as account_id, coalesce(w.seconds, 0) as watch_seconds,
          w.first_at as first_watch_at, w.last_at as last_watch_at, r.account_id is not null as answered, r.score
        from w full join r on r.account_id = w.account_id)
      select u.account_id, a.name, a.phone, u.watch_seconds, u.first_watch_at, u.last_watch_at, u.answered, u.score,
        (select ia.name from live_enrollment e
           join pharmacy_member m on m.id = e.inviter_member_id
           join account ia on ia.id = m.account_id
         where e.pharmacy_id = ${pharmacyId} and e.account_id = u.account_id and e.inviter_member_id is not null
         order by e.created_at, e.id limit 1) as inviter_name
      from u join account a on a.id = u.account_id
      where true${match}`;
  }

  async viewers(pharmacyId: number, liveId: number, keyword: string | undefined, limit: number, offset: number) {
    const { rows } = await queryRows<ViewerRow>(
      this.db,
      sql`${this.viewersQuery(pharmacyId, liveId, keyword)}
        order by watch_seconds desc, account_id limit ${limit} offset ${offset}`,
    );
    const { rows: count } = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from (${this.viewersQuery(pharmacyId, liveId, keyword)}) v`,
    );
    return { rows, total: count[0]!.n };
  }

  async allViewers(pharmacyId: number, liveId: number, keyword: string | undefined) {
    const { rows } = await queryRows<ViewerRow>(
      this.db,
      sql`${this.viewersQuery(pharmacyId, liveId, keyword)} order by watch_seconds desc, account_id`,
    );
    return rows;
  }

  /**
   * The live's figures in one statement: viewers and watch time (live_watch), enrolled (distinct patients of the
   * periods binding it), the exam (answered, average, passed against config.pass_score), the bound combo's orders by
   * its viewers since the live started (orders holding a line of that combo, paid: not pending_payment or
   * cancelled; amount = their pay_amount), viewers now (a beat within LIVE_VIEWER_TTL_SECONDS).
   */
  async userStats(pharmacyId: number, liveId: number): Promise<UserStatsRow | null> {
    const { rows } = await queryRows<UserStatsRow>(
      this.db,
      sql`with l as (select id, quote_set_id, started_at, coalesce((config->>'pass_score')::int, 60) as pass_score
          from live where id = ${liveId} and pharmacy_id = ${pharmacyId}),
        w as (select account_id, sum(seconds)::int as seconds, max(last_beat_at) as last_at
          from live_watch where live_id = ${liveId} and pharmacy_id = ${pharmacyId} group by account_id),
        co as (
          select o.id, o.pay_amount from l
          join orders o on o.pharmacy_id = ${pharmacyId} and o.created_at >= l.started_at
            and o.status not in ('pending_payment', 'cancelled')
            and o.account_id in (select account_id from w)
          where l.quote_set_id is not null
            and exists (select 1 from order_item i where i.order_id = o.id and i.quote_set_id = l.quote_set_id))
      select
        (select count(*)::int from w) as viewers,
        (select coalesce(sum(seconds), 0)::int from w) as watch_seconds,
        (select count(distinct e.account_id)::int from column_period_live cpl
           join live_enrollment e on e.period_id = cpl.period_id
         where cpl.live_id = l.id and cpl.pharmacy_id = ${pharmacyId}) as enrolled,
        (select count(*)::int from live_exam_result r where r.live_id = l.id and r.pharmacy_id = ${pharmacyId})
          as answered,
        (select round(avg(r.score), 1)::text from live_exam_result r
         where r.live_id = l.id and r.pharmacy_id = ${pharmacyId}) as avg_score,
        (select count(*)::int from live_exam_result r
         where r.live_id = l.id and r.pharmacy_id = ${pharmacyId} and r.score >= l.pass_score) as passed,
        (select count(*)::int from co) as orders,
        (select coalesce(sum(pay_amount), 0)::numeric(14, 2)::text from co) as amount,
        (select count(*)::int from w
         where w.last_at > now() - make_interval(secs => ${LIVE_VIEWER_TTL_SECONDS})) as viewers_now
      from l`,
    );
    return rows[0] ?? null;
  }

  // ------------------------------------------------------------------------------------------ exam

  async examQuestions(db: DbExecutor, pharmacyId: number, liveId: number) {
    const { rows } = await queryRows<ExamQuestionRow>(
      db,
      sql`select ${examColumns}, lq.sort from live_question lq
        join question q on q.id = lq.question_id and q.pharmacy_id = ${pharmacyId}
        left join question_category c on c.id = q.category_id
        where lq.live_id = ${liveId} and lq.pharmacy_id = ${pharmacyId}
        order by lq.sort, lq.question_id`,
    );
    return rows;
  }

  /** Locks the pharmacy's live for a change of its exam; false when it is not the pharmacy's. */
  async lockLive(tx: DbExecutor, pharmacyId: number, id: number): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      tx,
      sql`select id from live where id = ${id} and pharmacy_id = ${pharmacyId} for update`,
    );
    return rows.length > 0;
  }

  /**
   * Replaces the live's exam by the questions in order (sort 1..n), taking only the pharmacy's own questions:
   * answers how many were bound (fewer than asked: some question is not the pharmacy's; the caller rolls back).
   */
  async replaceExam(tx: DbExecutor, pharmacyId: number, liveId: number, questionIds: number[]): Promise<number> {
    await queryRows(tx, sql`delete from live_question where live_id = ${liveId} and pharmacy_id = ${pharmacyId}`);
    if (questionIds.length === 0) return 0;
    const { rowCount } = await queryRows(
      tx,
      sql`insert into live_question (pharmacy_id, live_id, question_id, sort)
        select ${pharmacyId}, ${liveId}, q.id, t.ord::int
        from unnest(${`{${questionIds.join(',')}}`}::int[]) with ordinality as t(id, ord)
        join question q on q.id = t.id and q.pharmacy_id = ${pharmacyId}`,
    );
    return rowCount;
  }
}
