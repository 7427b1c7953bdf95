import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerFits, answerIsCorrect, type QuestionType } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { demoPharmacies } from './demo-data';
import { DEMO_REPLAY_URL, demoMaterials, demoPlatformColumns, seedLive } from './live';

// The live classes' demo data (seed/live.ts) as the seeded app has it: coherent rows that reconcile.

let t: TestApp;
const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
let pudong: number;
let hangzhou: number;

beforeAll(async () => {
  t = await createTestApp();
  [{ id: pudong }] = await rows<{ id: number }>(sql`select id from pharmacy where name = ${demoPharmacies[0].name}`);
  [{ id: hangzhou }] = await rows<{ id: number }>(sql`select id from pharmacy where name = ${demoPharmacies[1].name}`);
}, 180_000);
afterAll(async () => t?.close());

describe('live demo data', () => {
  it('gives the Pudong store a dozen lives in every status, and Hangzhou a few', async () => {
    const counts = await rows<{ pharmacy_id: number; status: string; n: number }>(sql`
      select pharmacy_id, status, count(*)::int as n from live group by pharmacy_id, status`);
    const at = (p: number) => counts.filter((c) => c.pharmacy_id === p);
    expect(at(pudong).reduce((n, c) => n + c.n, 0)).toBeGreaterThanOrEqual(12);
    expect(
      at(pudong)
        .map((c) => c.status)
        .sort(),
    ).toEqual(['draft', 'ended', 'live', 'scheduled']);
    expect(at(hangzhou).length).toBeGreaterThan(0);
    const lives = await rows<{
      status: string;
      start_at: string;
      end_at: string;
      started_at: string | null;
      ended_at: string | null;
      pull_url: string;
      replay_url: string;
      quote_set_ok: boolean;
    }>(sql`select status, start_at::text, end_at::text, started_at::text, ended_at::text, pull_url, replay_url,
        (quote_set_id is null or exists (select 1 from quote_set s where s.id = l.quote_set_id
          and s.pharmacy_id = l.pharmacy_id)) as quote_set_ok
      from live l`);
    const now = Date.now();
    for (const l of lives) {
      expect(l.quote_set_ok).toBe(true);
      expect(Date.parse(l.end_at)).toBeGreaterThan(Date.parse(l.start_at));
      expect(l.started_at !== null).toBe(l.status === 'live' || l.status === 'ended');
      expect(l.ended_at !== null).toBe(l.status === 'ended');
      if (l.ended_at) expect(Date.parse(l.ended_at)).toBeLessThan(now);
      if (l.status === 'live' || l.status === 'ended') expect(l.pull_url).toBe(DEMO_REPLAY_URL);
      if (l.status === 'ended') expect(l.replay_url).toBe(DEMO_REPLAY_URL);
    }
  });

  it('serves the handouts and covers it links to', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const publicDir = path.join(here, '../../../../web/public');
    const materials = await rows<{ url: string; size: number; mime: string }>(
      sql`select url, size, mime from live_material`,
    );
    expect(materials.length).toBeGreaterThan(0);
    for (const m of materials) {
      const file = path.join(publicDir, m.url);
      expect(existsSync(file), m.url).toBe(true);
      expect(statSync(file).size).toBe(m.size);
      expect(m.mime).toBe('application/pdf');
    }
    expect(Object.values(demoMaterials).map((m) => m.url)).toEqual(expect.arrayContaining(materials.map((m) => m.url)));
    const covers = await rows<{ url: string }>(sql`
      select cover_url as url from live where cover_url <> '' union select cover_url from live_column where cover_url <> ''`);
    expect(covers.length).toBeGreaterThan(0);
    for (const c of covers) expect(existsSync(path.join(publicDir, c.url)), c.url).toBe(true);
  });

  it('has two platform columns and the pharmacy columns submitted to them', async () => {
    const platforms = await rows<{ title: string; pharmacy_id: number | null; status: string }>(
      sql`select title, pharmacy_id, status from live_column where kind = 'platform' order by sort`,
    );
    expect(platforms).toEqual(demoPlatformColumns.map((title) => ({ title, pharmacy_id: null, status: 'approved' })));
    const columns = await rows<{ title: string; status: string; platform: string | null; submitted: boolean }>(sql`
      select c.title, c.status, pc.title as platform, c.submitted_at is not null as submitted
      from live_column c left join live_column pc on pc.id = c.platform_column_id
      where c.kind = 'pharmacy' and c.pharmacy_id = ${pudong} order by c.id`);
    expect(columns).toEqual([
      { title: '慢病管理训练营', status: 'approved', platform: '健康大讲堂', submitted: true },
      { title: '家庭用药课堂', status: 'pending', platform: '名医公开课', submitted: true },
    ]);
  });

  it("binds each period's lives of its own pharmacy in order 1..n", async () => {
    const bound = await rows<{ period_id: number; sorts: number[]; same_pharmacy: boolean }>(sql`
      select x.period_id, array_agg(x.sort order by x.sort) as sorts,
        bool_and(l.pharmacy_id = p.pharmacy_id and x.pharmacy_id = p.pharmacy_id) as same_pharmacy
      from column_period_live x join live l on l.id = x.live_id join column_period p on p.id = x.period_id
      group by x.period_id`);
    expect(bound.length).toBeGreaterThanOrEqual(5);
    for (const b of bound) {
      expect(b.same_pharmacy).toBe(true);
      expect(b.sorts).toEqual(b.sorts.map((_, i) => i + 1));
    }
  });

  it('enrols patients in existing periods whose lives exist, with inviters of the same pharmacy', async () => {
    const bad = await rows<{ id: number }>(sql`
      select e.id from live_enrollment e
      left join column_period p on p.id = e.period_id and p.pharmacy_id = e.pharmacy_id
      left join pharmacy_member m on m.id = e.inviter_member_id
      where p.id is null
        or (e.inviter_member_id is not null and (m.pharmacy_id <> e.pharmacy_id or m.status <> 'active'))
        or (e.source = 'self') <> (e.inviter_member_id is null)
        or not exists (select 1 from column_period_live x join live l on l.id = x.live_id where x.period_id = e.period_id)`);
    expect(bad).toEqual([]);
    const sources = await rows<{ source: string; n: number }>(
      sql`select source, count(*)::int as n from live_enrollment group by source`,
    );
    expect(sources.map((s) => s.source).sort()).toEqual(['invite', 'self', 'staff']);
    // every invited enrolment followed an invitation by the same member
    const uninvited = await rows<{ id: number }>(sql`
      select e.id from live_enrollment e where e.source = 'invite' and not exists (
        select 1 from live_invitation v where v.period_id = e.period_id and v.account_id = e.account_id
          and v.inviter_member_id = e.inviter_member_id and v.created_at <= e.created_at)`);
    expect(uninvited).toEqual([]);
    // the customer-service staff invited: 王丽娟 among them
    const inviters = await rows<{ phone: string }>(sql`
      select distinct a.phone from live_invitation v join pharmacy_member m on m.id = v.inviter_member_id
      join account a on a.id = m.account_id where v.pharmacy_id = ${pudong}`);
    expect(inviters.map((i) => i.phone)).toContain('13800000004');
  });

  it('keeps live_watch equal to the sums of live_heartbeat', async () => {
    const [{ beats }] = await rows<{ beats: number }>(sql`select count(*)::int as beats from live_heartbeat`);
    expect(beats).toBeGreaterThan(1000);
    const mismatch = await rows<unknown>(sql`
      with raw as (
        select pharmacy_id, live_id, account_id, (beat_at at time zone 'Asia/Shanghai')::date as day,
          sum(seconds)::int as seconds, count(*)::int as beats, min(beat_at) as first_beat_at, max(beat_at) as last_beat_at
        from live_heartbeat group by 1, 2, 3, 4)
      select * from raw full join live_watch w using (pharmacy_id, live_id, account_id, day)
      where raw.seconds is distinct from w.seconds or raw.beats is distinct from w.beats
        or raw.first_beat_at is distinct from w.first_beat_at or raw.last_beat_at is distinct from w.last_beat_at`);
    expect(mismatch).toEqual([]);
    // only enrolled patients of a period binding the live watched, never before it started nor in the future
    const strays = await rows<unknown>(sql`
      select h.id from live_heartbeat h join live l on l.id = h.live_id
      where h.beat_at < l.started_at or h.beat_at > now() or l.pharmacy_id <> h.pharmacy_id
        or not exists (select 1 from live_enrollment e join column_period_live x on x.period_id = e.period_id
          where x.live_id = h.live_id and e.account_id = h.account_id)
      limit 5`);
    expect(strays).toEqual([]);
  });

  it('has a question bank of about thirty valid questions in a category tree, and a five-question exam', async () => {
    const questions = await rows<{
      type: QuestionType;
      options: { key: string; text: string }[];
      answer: string[];
      analysis: string;
      category_ok: boolean;
    }>(sql`select q.type, q.options, q.answer, q.analysis,
        exists (select 1 from question_category c where c.id = q.category_id and c.pharmacy_id = q.pharmacy_id) as category_ok
      from question q where q.pharmacy_id = ${pudong}`);
    expect(questions.length).toBeGreaterThanOrEqual(30);
    for (const q of questions) {
      expect(answerFits(q.type, q.options, q.answer)).toBe(true);
      expect(q.analysis.length).toBeGreaterThan(0);
      expect(q.category_ok).toBe(true);
    }
    const children = await rows<{ n: number }>(
      sql`select count(*)::int as n from question_category where pharmacy_id = ${pudong} and parent_id is not null`,
    );
    expect(children[0].n).toBeGreaterThan(0);
    const exam = await rows<{ live_id: number; status: string; exam_enabled: boolean; sorts: number[] }>(sql`
      select lq.live_id, l.status, (l.config->>'exam_enabled')::boolean as exam_enabled,
        array_agg(lq.sort order by lq.sort) as sorts
      from live_question lq join live l on l.id = lq.live_id group by lq.live_id, l.status, l.config`);
    expect(exam).toEqual([{ live_id: exam[0].live_id, status: 'ended', exam_enabled: true, sorts: [1, 2, 3, 4, 5] }]);
  });

  it('scores the exam results from their answers', async () => {
    const results = await rows<{
      account_id: number;
      score: number;
      total_score: number;
      correct_count: number;
      question_count: number;
    }>(sql`select account_id, score, total_score, correct_count, question_count from live_exam_result`);
    expect(results.length).toBeGreaterThan(3);
    const answers = await rows<{
      account_id: number;
      answer: string[];
      expected: string[];
      correct: boolean;
      score: number;
      full: number;
    }>(sql`select a.account_id, a.answer, q.answer as expected, a.correct, a.score, q.score as full
      from live_answer a join question q on q.id = a.question_id`);
    for (const r of results) {
      const mine = answers.filter((a) => a.account_id === r.account_id);
      expect(mine).toHaveLength(r.question_count);
      for (const a of mine) {
        expect(a.correct).toBe(answerIsCorrect(a.expected, a.answer));
        expect(a.score).toBe(a.correct ? a.full : 0);
      }
      expect(r.score).toBe(mine.reduce((n, a) => n + a.score, 0));
      expect(r.correct_count).toBe(mine.filter((a) => a.correct).length);
      expect(r.total_score).toBe(mine.reduce((n, a) => n + a.full, 0));
    }
  });

  it('enrols the demo patient in a period with an ended live whose replay and exam are open to her', async () => {
    const mine = await rows<{
      live_id: number;
      replay_url: string;
      exam_enabled: boolean;
      questions: number;
      taken: boolean;
    }>(sql`
      select l.id as live_id, l.replay_url, (l.config->>'exam_enabled')::boolean as exam_enabled,
        (select count(*)::int from live_question q where q.live_id = l.id) as questions,
        exists (select 1 from live_exam_result r where r.live_id = l.id and r.account_id = a.id) as taken
      from account a join live_enrollment e on e.account_id = a.id
      join column_period_live x on x.period_id = e.period_id join live l on l.id = x.live_id
      where a.phone = '13900000001' and l.status = 'ended'`);
    const open = mine.filter((m) => m.exam_enabled && m.questions > 0 && !m.taken && m.replay_url !== '');
    expect(open.length).toBeGreaterThan(0);
  });

  it('has comments (one hidden, its author muted) and paid combo orders by invited viewers after their enrolment', async () => {
    const comments = await rows<{ status: string; staff: boolean; muted: boolean }>(sql`
      select c.status, c.staff, exists (select 1 from live_mute m where m.live_id = c.live_id and m.account_id = c.account_id) as muted
      from live_comment c`);
    expect(comments.length).toBeGreaterThan(20);
    expect(comments.some((c) => c.staff)).toBe(true);
    const hidden = comments.filter((c) => c.status === 'hidden');
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((c) => c.muted)).toBe(true);
    // the demo patient, the newcomer's viewer, is muted nowhere
    const demoMuted = await rows<{ n: number }>(sql`
      select count(*)::int as n from live_mute m join account a on a.id = m.account_id where a.phone = '13900000001'`);
    expect(demoMuted[0].n).toBe(0);
    const orders = await rows<{ status: string; after: boolean; watched: boolean; lines: number }>(sql`
      select o.status,
        exists (select 1 from live_enrollment e where e.account_id = o.account_id and e.pharmacy_id = o.pharmacy_id
          and e.inviter_member_id is not null and e.created_at < o.created_at) as after,
        exists (select 1 from live_watch w join live l on l.id = w.live_id
          where w.account_id = o.account_id and l.quote_set_id = o.quote_set_id) as watched,
        (select count(*)::int from order_item i where i.order_id = o.id and i.quote_set_id = o.quote_set_id
          and i.product_type = 'COMBO') as lines
      from orders o join account a on a.id = o.account_id
      where a.phone <> '13900000001' and o.account_id in (select account_id from live_enrollment)`);
    expect(orders.length).toBeGreaterThan(0);
    for (const o of orders) {
      expect(['pending_shipment', 'pending_review']).toContain(o.status);
      expect(o).toMatchObject({ after: true, watched: true, lines: 1 });
    }
  });

  it('shows in the console and runs once', async () => {
    const token = await t.login('13800000004');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/live/columns', headers: headers(token, pudong) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(2);
    expect(await seedLive(t.database.db)).toBe(false);
  });
});
