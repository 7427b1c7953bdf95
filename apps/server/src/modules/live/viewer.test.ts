import { createHash, randomBytes } from 'node:crypto';
import {
  examResultSchema,
  heartbeatResultSchema,
  LIVE_HEARTBEAT_SECONDS,
  liveCommentSchema,
  liveMessages,
  viewerCommentsResultSchema,
  viewerExamSchema,
  viewerInviteInfoSchema,
  viewerLiveSchema,
  viewerPeriodSchema,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { HeartbeatWriter } from './heartbeat-writer';
import { ViewerRepository } from './viewer.repository';
import { BEAT_SESSION_TTL_MS, BeatSessions, viewerServices } from './viewer.routes';
import { ViewerService } from './viewer.service';

let t: TestApp;
let pharmacyId: number;
let otherPharmacyId: number;
let patient: Viewer;
let shop: string;
let cs: string;
let csMemberId: number;
let quoteSetId: number;

interface Viewer {
  id: number;
  token: string;
  phone: string;
}

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0];

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object, pharmacy?: number) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacy), ...(payload ? { payload } : {}) });

let phoneSeq = 0;
/** A patient account with a session written straight to the database. */
async function newViewer(name = '测试学员'): Promise<Viewer> {
  phoneSeq += 1;
  const phone = `1970${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq).padStart(3, '0')}`;
  const { id } = await one<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`lv${phone}`}, ${name}) returning id`,
  );
  const token = randomBytes(24).toString('base64url');
  await t.database.db.execute(
    sql`insert into session (account_id, token_sha256, expires_at)
      values (${id}, ${createHash('sha256').update(token).digest('hex')}, now() + interval '1 day')`,
  );
  return { id, token, phone };
}

interface LiveFixture {
  liveId: number;
  periodId: number;
  columnId: number;
}

/** A live of the pharmacy bound to a new column's period. */
async function newLive(
  opts: {
    status?: 'draft' | 'scheduled' | 'live' | 'ended';
    config?: object;
    replayUrl?: string;
    pharmacy?: number;
    quoteSet?: number | null;
  } = {},
): Promise<LiveFixture> {
  const pid = opts.pharmacy ?? pharmacyId;
  const { id: liveId } = await one<{ id: number }>(
    sql`insert into live (pharmacy_id, title, lecturer, start_at, end_at, status, pull_url, replay_url, config,
        quote_set_id, started_at, ended_at)
      values (${pid}, '高血压用药课', '王药师', now(), now() + interval '1 hour', ${opts.status ?? 'live'},
        'https://pull.example.com/a.m3u8', ${opts.replayUrl ?? '/live-demo/replay.m3u8'},
        ${JSON.stringify(opts.config ?? { chat_enabled: true, exam_enabled: false, replay_enabled: true, pass_score: 60 })}::jsonb,
        ${opts.quoteSet ?? null}, now(), ${opts.status === 'ended' ? sql`now()` : null})
      returning id`,
  );
  const { id: columnId } = await one<{ id: number }>(
    sql`insert into live_column (pharmacy_id, kind, title) values (${pid}, 'pharmacy', '慢病课堂') returning id`,
  );
  const { id: periodId } = await one<{ id: number }>(
    sql`insert into column_period (pharmacy_id, column_id, name, start_at, end_at)
      values (${pid}, ${columnId}, '第一期', now(), now() + interval '30 days') returning id`,
  );
  await t.database.db.execute(
    sql`insert into column_period_live (pharmacy_id, period_id, live_id, sort) values (${pid}, ${periodId}, ${liveId}, 1)`,
  );
  return { liveId, periodId, columnId };
}

const enrol = (f: LiveFixture, v: Viewer, pid = pharmacyId) =>
  t.database.db.execute(
    sql`insert into live_enrollment (pharmacy_id, period_id, account_id, source) values (${pid}, ${f.periodId}, ${v.id}, 'self')`,
  );

const writer = () => viewerServices.get(t.app.db)!.writer;
const beat = (liveId: number, v: Viewer, mode: 'live' | 'replay' = 'live') =>
  call('POST', `/live/viewer/lives/${liveId}/heartbeat`, v.token, { mode });

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.login('13800000001');
  cs = await t.login('13800000004');
  const ids = await rows<{ pharmacy_id: number; role: string; phone: string; member_id: number }>(
    sql`select m.pharmacy_id, m.role, a.phone, m.id as member_id from pharmacy_member m join account a on a.id = m.account_id
      where a.phone in ('13800000001', '13800000004') order by m.pharmacy_id`,
  );
  const csRow = ids.find((r) => r.phone === '13800000004')!;
  pharmacyId = csRow.pharmacy_id;
  csMemberId = csRow.member_id;
  otherPharmacyId = ids.find((r) => r.phone === '13800000001' && r.pharmacy_id !== pharmacyId)!.pharmacy_id;
  quoteSetId = (await one<{ id: number }>(sql`select id from quote_set where pharmacy_id = ${pharmacyId} limit 1`)).id;
  patient = await newViewer('李同学');
});
afterAll(async () => {
  await t?.close();
});

describe('access to a live', () => {
  it('needs a session', async () => {
    const f = await newLive();
    expect((await call('GET', `/live/viewer/lives/${f.liveId}`)).statusCode).toBe(401);
    expect(
      (await call('POST', `/live/viewer/lives/${f.liveId}/heartbeat`, undefined, { mode: 'live' })).statusCode,
    ).toBe(401);
  });

  it('refuses a patient not enrolled (403 notEnrolled) and answers a missing or draft live 404', async () => {
    const f = await newLive();
    const v = await newViewer();
    for (const url of [`/live/viewer/lives/${f.liveId}`, `/live/viewer/lives/${f.liveId}/comments`]) {
      const res = await call('GET', url, v.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(liveMessages.notEnrolled);
    }
    expect((await beat(f.liveId, v)).statusCode).toBe(403);

    const draft = await newLive({ status: 'draft' });
    await enrol(draft, v);
    for (const id of [draft.liveId, 99_999_999]) {
      const res = await call('GET', `/live/viewer/lives/${id}`, v.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(liveMessages.notFound);
      expect((await beat(id, v)).statusCode).toBe(404);
    }
  });

  it('refuses a blacklisted patient (by account or by phone) even when enrolled', async () => {
    const f = await newLive();
    const byAccount = await newViewer();
    const byPhone = await newViewer();
    await enrol(f, byAccount);
    await enrol(f, byPhone);
    await t.database.db.execute(
      sql`insert into black_user (pharmacy_id, account_id, phone) values (${pharmacyId}, ${byAccount.id}, ${byAccount.phone}),
        (${pharmacyId}, null, ${byPhone.phone})`,
    );
    for (const v of [byAccount, byPhone]) {
      const res = await call('GET', `/live/viewer/lives/${f.liveId}`, v.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(liveMessages.blacklisted);
      expect((await beat(f.liveId, v)).statusCode).toBe(403);
      const enrolRes = await call('POST', `/live/viewer/periods/${f.periodId}/enroll`, v.token, {});
      expect(enrolRes.statusCode).toBe(403);
      expect(enrolRes.json().msg).toBe(liveMessages.blacklisted);
    }
  });

  it('gives an enrolled patient the live: play address by status, combo with items, materials, viewers now', async () => {
    const f = await newLive({ quoteSet: quoteSetId });
    await t.database.db.execute(
      sql`insert into live_material (pharmacy_id, live_id, name, url, sort) values
        (${pharmacyId}, ${f.liveId}, '讲义二.pdf', '/uploads/b.pdf', 2), (${pharmacyId}, ${f.liveId}, '讲义一.pdf', '/uploads/a.pdf', 1)`,
    );
    await enrol(f, patient);
    const res = await call('GET', `/live/viewer/lives/${f.liveId}`, patient.token);
    expect(res.statusCode).toBe(200);
    const live = viewerLiveSchema.strict().parse(res.json().data);
    expect(live).toMatchObject({
      status: 'live',
      mode: 'live',
      play_url: 'https://pull.example.com/a.m3u8',
      muted: false,
    });
    expect(live.quote_set?.id).toBe(quoteSetId);
    expect(live.quote_set?.items.length).toBeGreaterThan(0);
    expect(live.materials.map((m) => m.name)).toEqual(['讲义一.pdf', '讲义二.pdf']);
    expect(live.exam_result).toBeNull();

    await t.database.db.execute(sql`update live set status = 'ended', ended_at = now() where id = ${f.liveId}`);
    const ended = (await call('GET', `/live/viewer/lives/${f.liveId}`, patient.token)).json().data;
    expect(ended).toMatchObject({ status: 'ended', mode: 'replay', play_url: '/live-demo/replay.m3u8' });
    await t.database.db.execute(
      sql`update live set config = config || '{"replay_enabled": false}'::jsonb where id = ${f.liveId}`,
    );
    const noReplay = (await call('GET', `/live/viewer/lives/${f.liveId}`, patient.token)).json().data;
    expect(noReplay).toMatchObject({ status: 'ended', mode: null, play_url: null });
  });
});

describe('periods, invitations and enrolment', () => {
  it('records a valid staff invitation once, ignores an invalid one, and enrols once under concurrency', async () => {
    const f = await newLive();
    const v = await newViewer();
    const landing = await call('GET', `/live/viewer/periods/${f.periodId}?staff=${csMemberId}`, v.token);
    expect(landing.statusCode).toBe(200);
    const info = viewerInviteInfoSchema.strict().parse(landing.json().data);
    expect(info).toMatchObject({ id: f.periodId, enrolled: false, inviter_name: '王丽娟', column_title: '慢病课堂' });
    expect(info.lives.map((l) => l.id)).toEqual([f.liveId]);
    await call('GET', `/live/viewer/periods/${f.periodId}?staff=${csMemberId}`, v.token);
    // a member id of no pharmacy, and one of another pharmacy: ignored
    const bogus = await call('GET', `/live/viewer/periods/${f.periodId}?staff=99999999`, v.token);
    expect(bogus.statusCode).toBe(200);
    expect(bogus.json().data.inviter_name).toBeNull();
    const invitations = await rows<{ inviter_member_id: number }>(
      sql`select inviter_member_id from live_invitation where period_id = ${f.periodId} and account_id = ${v.id}`,
    );
    expect(invitations).toEqual([{ inviter_member_id: csMemberId }]);

    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', `/live/viewer/periods/${f.periodId}/enroll`, v.token, { staff: csMemberId }),
      ),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      viewerPeriodSchema.strict().parse(a.json().data);
      expect(a.json().data.enrolled).toBe(true);
    }
    expect(answers.filter((a) => a.json().msg === '报名成功')).toHaveLength(1);
    const enrolments = await rows<{ source: string; inviter_member_id: number }>(
      sql`select source, inviter_member_id from live_enrollment where period_id = ${f.periodId} and account_id = ${v.id}`,
    );
    expect(enrolments).toEqual([{ source: 'invite', inviter_member_id: csMemberId }]);

    const mine = (await call('GET', '/live/viewer/periods', v.token)).json().data;
    expect(mine.map((p: { id: number }) => p.id)).toEqual([f.periodId]);
    // now enrolled: the live opens
    expect((await call('GET', `/live/viewer/lives/${f.liveId}`, v.token)).statusCode).toBe(200);
  });

  it('falls back to self with an invalid inviter; a missing period is 404', async () => {
    const f = await newLive();
    const v = await newViewer();
    const res = await call('POST', `/live/viewer/periods/${f.periodId}/enroll`, v.token, { staff: 99_999_999 });
    expect(res.statusCode).toBe(200);
    const row = await one<{ source: string; inviter_member_id: number | null }>(
      sql`select source, inviter_member_id from live_enrollment where period_id = ${f.periodId} and account_id = ${v.id}`,
    );
    expect(row).toEqual({ source: 'self', inviter_member_id: null });
    const missing = await call('POST', '/live/viewer/periods/99999999/enroll', v.token, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(liveMessages.periodNotFound);
  });
});

describe('heartbeats', () => {
  it('credits exactly LIVE_HEARTBEAT_SECONDS per accepted beat, once per window, and live_watch reconciles', async () => {
    const a = await newLive();
    const b = await newLive({ status: 'ended' });
    const viewers = await Promise.all([newViewer(), newViewer(), newViewer()]);
    for (const v of viewers) {
      await enrol(a, v);
      await enrol(b, v);
    }
    // three viewers × two lives, each beating three times in the same window: one credit each
    for (let i = 0; i < 3; i++) {
      for (const v of viewers) {
        const live = await beat(a.liveId, v);
        expect(live.statusCode).toBe(200);
        heartbeatResultSchema.strict().parse(live.json().data);
        expect(live.json().data.status).toBe('live');
        expect((await beat(b.liveId, v, 'replay')).statusCode).toBe(200);
      }
    }
    // (the app's own timer may have flushed some already: a later beat of a viewer is refused by the beat period)
    await writer().flush();
    const watch = await rows<{ live_id: number; account_id: number; seconds: number; beats: number }>(
      sql`select live_id, account_id, seconds, beats from live_watch where live_id in (${a.liveId}, ${b.liveId})`,
    );
    expect(watch).toHaveLength(6);
    for (const w of watch) expect(w).toMatchObject({ seconds: LIVE_HEARTBEAT_SECONDS, beats: 1 });
    const modes = await rows<{ live_id: number; mode: string; seconds: number }>(
      sql`select live_id, mode, seconds from live_heartbeat where live_id in (${a.liveId}, ${b.liveId})`,
    );
    expect(modes).toHaveLength(6);
    for (const h of modes) {
      expect(h.seconds).toBe(LIVE_HEARTBEAT_SECONDS);
      expect(h.mode).toBe(h.live_id === a.liveId ? 'live' : 'replay');
    }

    // reconciliation over every watched live: live_watch = the sums of live_heartbeat per live, account and day
    const mismatches = await rows(
      sql`with h as (
          select live_id, account_id, (beat_at at time zone 'Asia/Shanghai')::date as day,
            sum(seconds)::int as seconds, count(*)::int as beats
          from live_heartbeat group by 1, 2, 3)
        select * from h full join live_watch w using (live_id, account_id, day)
        where h.seconds is distinct from w.seconds or h.beats is distinct from w.beats`,
    );
    expect(mismatches).toEqual([]);
  });

  it('answers viewers now from the beats written (one second cache per live)', async () => {
    const f = await newLive();
    const v = await newViewer();
    await enrol(f, v);
    await beat(f.liveId, v);
    await writer().flush();
    const res = await call('GET', `/live/viewer/lives/${f.liveId}`, v.token);
    // the state cached by the first beat may be a second old: 0 or 1, and 1 once the cache has expired
    expect([0, 1]).toContain(res.json().data.viewers_now);
    const { viewers_now } = await one<{ viewers_now: number }>(
      sql`select count(distinct account_id)::int as viewers_now from live_watch
        where live_id = ${f.liveId} and last_beat_at > now() - interval '15 seconds'`,
    );
    expect(viewers_now).toBe(1);
  });

  it('refuses beats on a live that cannot be watched (409 with the status), credits nothing', async () => {
    const scheduled = await newLive({ status: 'scheduled' });
    const noReplay = await newLive({
      status: 'ended',
      config: { chat_enabled: true, exam_enabled: false, replay_enabled: false, pass_score: 60 },
    });
    const v = await newViewer();
    await enrol(scheduled, v);
    await enrol(noReplay, v);
    for (const [f, status] of [
      [scheduled, 'scheduled'],
      [noReplay, 'ended'],
    ] as const) {
      const res = await beat(f.liveId, v);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(liveMessages.notWatchable);
      expect(res.json().data.status).toBe(status);
    }
    await writer().flush();
    const credited = await rows(
      sql`select 1 from live_heartbeat where live_id in (${scheduled.liveId}, ${noReplay.liveId})`,
    );
    expect(credited).toEqual([]);
  });

  it('the beats learn of a blacklisting within the access TTL (one stale beat), the page at once', async () => {
    let now = Date.now();
    const service = new ViewerService(
      new ViewerRepository(t.app.db),
      new HeartbeatWriter(t.app.db, { flushMs: 0, now: () => now }),
      () => now,
    );
    const f = await newLive();
    const v = await newViewer();
    await enrol(f, v);
    await expect(service.heartbeat(f.liveId, v.id)).resolves.toMatchObject({ status: 'live' });
    await t.database.db.execute(
      sql`insert into black_user (pharmacy_id, account_id, phone) values (${pharmacyId}, ${v.id}, ${v.phone})`,
    );
    // the page's own reads are fresh
    await expect(service.live(f.liveId, v.id)).rejects.toMatchObject({
      statusCode: 403,
      msg: liveMessages.blacklisted,
    });
    // the page's fresh read replaced the cached right: the beats are refused at once
    await expect(service.heartbeat(f.liveId, v.id)).rejects.toMatchObject({ statusCode: 403 });

    // a right cached as 'ok' and expired serves one more beat while it is read again
    const w = await newViewer();
    await enrol(f, w);
    await service.heartbeat(f.liveId, w.id);
    await t.database.db.execute(
      sql`insert into black_user (pharmacy_id, account_id, phone) values (${pharmacyId}, ${w.id}, ${w.phone})`,
    );
    now += 31_000;
    await expect(service.heartbeat(f.liveId, w.id)).resolves.toMatchObject({ status: 'live' });
    await service.settled();
    await expect(service.heartbeat(f.liveId, w.id)).rejects.toMatchObject({
      statusCode: 403,
      msg: liveMessages.blacklisted,
    });
    await service.close();
  });

  it('the beats reuse a session they have seen (BEAT_SESSION_TTL_MS); every other call reads it afresh', async () => {
    const f = await newLive();
    const v = await newViewer();
    await enrol(f, v);
    expect((await beat(f.liveId, v)).statusCode).toBe(200);
    await t.database.db.execute(sql`update session set revoked_at = now() where account_id = ${v.id}`);
    // the beat is answered from the remembered session (no lookup); the page's own calls are refused at once
    expect((await beat(f.liveId, v)).statusCode).toBe(200);
    expect((await call('GET', `/live/viewer/lives/${f.liveId}`, v.token)).statusCode).toBe(401);
    expect((await call('GET', `/live/viewer/lives/${f.liveId}/comments`, v.token)).statusCode).toBe(401);
    // a session never seen by the beats is looked up: an unknown token is 401
    const stranger = { ...v, token: 'no-such-token' };
    expect((await beat(f.liveId, stranger)).statusCode).toBe(401);
  });

  it('BeatSessions forgets a session after its TTL', () => {
    let now = 0;
    const sessions = new BeatSessions(() => now);
    const request = (token: string) => ({ headers: { auth: token }, user: null }) as unknown as FastifyRequest;
    const first = request('abc');
    sessions.recall(first);
    expect(first.user).toBeNull();
    first.user = { accountId: 7 } as FastifyRequest['user'];
    sessions.remember(first);
    const second = request('abc');
    sessions.recall(second);
    expect(second.user?.accountId).toBe(7);
    now += BEAT_SESSION_TTL_MS;
    const third = request('abc');
    sessions.recall(third);
    expect(third.user).toBeNull();
  });

  it('a bad mode is a 400 in Chinese', async () => {
    const f = await newLive();
    await enrol(f, patient);
    const res = await call('POST', `/live/viewer/lives/${f.liveId}/heartbeat`, patient.token, { mode: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('观看方式不正确');
  });
});

describe('comments (viewer)', () => {
  it('posts while chat is on and not muted; polls after_id; hidden ones are not returned', async () => {
    const f = await newLive();
    const v = await newViewer('张三');
    await enrol(f, v);
    const posted = await call('POST', `/live/viewer/lives/${f.liveId}/comments`, v.token, { content: '  老师好  ' });
    expect(posted.statusCode).toBe(200);
    const c1 = liveCommentSchema.strict().parse(posted.json().data);
    expect(c1).toMatchObject({ content: '老师好', name: '张三', staff: false, status: 'visible' });
    const c2 = (await call('POST', `/live/viewer/lives/${f.liveId}/comments`, v.token, { content: '第二条' })).json()
      .data;
    const list = viewerCommentsResultSchema.parse(
      (await call('GET', `/live/viewer/lives/${f.liveId}/comments`, v.token)).json().data,
    );
    expect(list.list.map((c) => c.id)).toEqual([c1.id, c2.id]);
    expect(list.muted).toBe(false);
    const after = (await call('GET', `/live/viewer/lives/${f.liveId}/comments?after_id=${c1.id}`, v.token)).json().data;
    expect(after.list.map((c: { id: number }) => c.id)).toEqual([c2.id]);

    // hidden in the control room: the viewers' next poll leaves it out (their cached page is dropped at once)
    expect((await call('POST', `/live/comments/${c1.id}/hide`, cs, undefined, pharmacyId)).statusCode).toBe(200);
    const visible = (await call('GET', `/live/viewer/lives/${f.liveId}/comments`, v.token)).json().data;
    expect(visible.list.map((c: { id: number }) => c.id)).toEqual([c2.id]);

    const empty = await call('POST', `/live/viewer/lives/${f.liveId}/comments`, v.token, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain(liveMessages.commentEmpty);

    expect((await call('POST', `/live/${f.liveId}/mutes`, cs, { account_id: v.id }, pharmacyId)).statusCode).toBe(200);
    const muted = await call('POST', `/live/viewer/lives/${f.liveId}/comments`, v.token, { content: '我还想说' });
    expect(muted.statusCode).toBe(403);
    expect(muted.json().msg).toBe(liveMessages.muted);
    expect((await call('GET', `/live/viewer/lives/${f.liveId}/comments`, v.token)).json().data.muted).toBe(true);
    expect((await call('GET', `/live/viewer/lives/${f.liveId}`, v.token)).json().data.muted).toBe(true);
  });

  it("shows a viewer other viewers' names masked, their own and the host's in full; staff see all names", async () => {
    const f = await newLive();
    const a = await newViewer('欧阳明月');
    const b = await newViewer('张三');
    await enrol(f, a);
    await enrol(f, b);
    await call('POST', `/live/viewer/lives/${f.liveId}/comments`, a.token, { content: '老师好' });
    await call('POST', `/live/${f.liveId}/comments`, cs, { content: '欢迎大家' }, pharmacyId);
    const host = (await call('GET', `/live/${f.liveId}/comments`, cs, undefined, pharmacyId)).json().data.at(-1).name;
    const names = async (v: Viewer) =>
      (
        (await call('GET', `/live/viewer/lives/${f.liveId}/comments`, v.token)).json().data.list as { name: string }[]
      ).map((c) => c.name);
    expect(await names(a)).toEqual(['欧阳明月', host]);
    expect(await names(b)).toEqual(['欧***', host]);
    const staffNames = (await call('GET', `/live/${f.liveId}/comments`, cs, undefined, pharmacyId)).json().data;
    expect(staffNames.map((c: { name: string }) => c.name)).toEqual(['欧阳明月', host]);
  });

  it('refuses comments when chat is off (400)', async () => {
    const f = await newLive({
      config: { chat_enabled: false, exam_enabled: false, replay_enabled: true, pass_score: 60 },
    });
    await enrol(f, patient);
    const res = await call('POST', `/live/viewer/lives/${f.liveId}/comments`, patient.token, { content: '你好' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(liveMessages.commentsOff);
  });
});

describe('exam', () => {
  async function examLive(status: 'live' | 'ended' = 'ended') {
    const f = await newLive({
      status,
      config: { chat_enabled: true, exam_enabled: true, replay_enabled: true, pass_score: 15 },
    });
    const q1 = await one<{ id: number }>(
      sql`insert into question (pharmacy_id, type, stem, options, answer, analysis, score)
        values (${pharmacyId}, 'single', '高血压患者每日食盐摄入应少于？',
          '[{"key":"A","text":"5 克"},{"key":"B","text":"10 克"}]'::jsonb, '{A}', '每日少于 5 克。', 10) returning id`,
    );
    const q2 = await one<{ id: number }>(
      sql`insert into question (pharmacy_id, type, stem, answer, analysis, score)
        values (${pharmacyId}, 'judge', '降压药可以自行停药。', '{F}', '不可自行停药。', 10) returning id`,
    );
    await t.database.db.execute(
      sql`insert into live_question (pharmacy_id, live_id, question_id, sort)
        values (${pharmacyId}, ${f.liveId}, ${q1.id}, 1), (${pharmacyId}, ${f.liveId}, ${q2.id}, 2)`,
    );
    return { ...f, q1: q1.id, q2: q2.id };
  }

  it('opens after the live ends, shows questions without answers, and refuses before', async () => {
    const live = await examLive('live');
    await enrol(live, patient);
    const closed = viewerExamSchema.parse(
      (await call('GET', `/live/viewer/lives/${live.liveId}/exam`, patient.token)).json().data,
    );
    expect(closed).toMatchObject({ open: false, questions: [], result: null });
    const early = await call('POST', `/live/viewer/lives/${live.liveId}/exam`, patient.token, {
      answers: [
        { question_id: live.q1, answer: ['A'] },
        { question_id: live.q2, answer: ['F'] },
      ],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe(liveMessages.examNotOpen);

    await t.database.db.execute(sql`update live set status = 'ended', ended_at = now() where id = ${live.liveId}`);
    const open = (await call('GET', `/live/viewer/lives/${live.liveId}/exam`, patient.token)).json().data;
    expect(open.open).toBe(true);
    expect(open.questions.map((q: { id: number }) => q.id)).toEqual([live.q1, live.q2]);
    for (const q of open.questions) {
      expect(q).not.toHaveProperty('answer');
      expect(q).not.toHaveProperty('analysis');
    }
  });

  it('refuses an incomplete exam (400 examIncomplete)', async () => {
    const live = await examLive();
    await enrol(live, patient);
    const res = await call('POST', `/live/viewer/lives/${live.liveId}/exam`, patient.token, {
      answers: [{ question_id: live.q1, answer: ['A'] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(liveMessages.examIncomplete);
    expect(await rows(sql`select 1 from live_exam_result where live_id = ${live.liveId}`)).toEqual([]);
  });

  it('records the exam once under 10 concurrent submissions; each answers the one stored result', async () => {
    const live = await examLive();
    const v = await newViewer();
    await enrol(live, v);
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      answers: [
        { question_id: live.q1, answer: [i % 2 ? 'B' : 'A'] },
        { question_id: live.q2, answer: ['F'] },
      ],
    }));
    const answers = await Promise.all(
      bodies.map((b) => call('POST', `/live/viewer/lives/${live.liveId}/exam`, v.token, b)),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    const results = answers.map((a) => examResultSchema.strict().parse(a.json().data));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(answers.filter((a) => a.json().msg === '提交成功')).toHaveLength(1);
    const stored = await rows<{ score: number; correct_count: number; question_count: number; total_score: number }>(
      sql`select score, correct_count, question_count, total_score from live_exam_result
        where live_id = ${live.liveId} and account_id = ${v.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ question_count: 2, total_score: 20, score: results[0].score });
    const answerRows = await rows<{ correct: boolean; score: number }>(
      sql`select correct, score from live_answer where live_id = ${live.liveId} and account_id = ${v.id}`,
    );
    expect(answerRows).toHaveLength(2);
    expect(answerRows.reduce((n, a) => n + a.score, 0)).toBe(stored[0].score);
    expect(results[0].passed).toBe(results[0].score >= 15);
    expect(results[0].answers.map((a) => a.correct_answer)).toEqual([['A'], ['F']]);

    // after submission: the exam shows the result with the analysis; the live too
    const exam = (await call('GET', `/live/viewer/lives/${live.liveId}/exam`, v.token)).json().data;
    expect(exam.result).toEqual(results[0]);
    expect((await call('GET', `/live/viewer/lives/${live.liveId}`, v.token)).json().data.exam_result).toEqual(
      results[0],
    );
  });

  it('scores right and wrong answers', async () => {
    const live = await examLive();
    const v = await newViewer();
    await enrol(live, v);
    const res = await call('POST', `/live/viewer/lives/${live.liveId}/exam`, v.token, {
      answers: [
        { question_id: live.q1, answer: ['A'] },
        { question_id: live.q2, answer: ['T'] },
      ],
    });
    expect(res.json().data).toMatchObject({ score: 10, total_score: 20, correct_count: 1, passed: false });
  });
});

describe('control room and moderation (staff)', () => {
  it("lists today's lives of the shop's pharmacy with viewers now and comment counts; shop only", async () => {
    const f = await newLive({ quoteSet: quoteSetId });
    const other = await newLive({ pharmacy: otherPharmacyId });
    const res = await call('GET', '/live/control/today', shop, undefined, pharmacyId);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((l: { id: number }) => l.id);
    expect(ids).toContain(f.liveId);
    expect(ids).not.toContain(other.liveId);
    const row = res.json().data.find((l: { id: number }) => l.id === f.liveId);
    expect(row).toMatchObject({ status: 'live', quote_set_id: quoteSetId, actions: ['end'], comment_count: 0 });
    expect(row.periods).toHaveLength(1);
    expect((await call('GET', '/live/control/today', cs, undefined, pharmacyId)).statusCode).toBe(403);
  });

  it('staff see hidden comments and muted flags; hide, show, mute, unmute; another pharmacy gets 404', async () => {
    const f = await newLive();
    const v = await newViewer('王五');
    await enrol(f, v);
    const c = (
      await call('POST', `/live/viewer/lives/${f.liveId}/comments`, v.token, { content: '请问能停药吗' })
    ).json().data;
    const hide = await call('POST', `/live/comments/${c.id}/hide`, cs, undefined, pharmacyId);
    expect(hide.statusCode).toBe(200);
    expect(hide.json().data.status).toBe('hidden');
    const staffList = (await call('GET', `/live/${f.liveId}/comments`, cs, undefined, pharmacyId)).json().data;
    expect(staffList.map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([[c.id, 'hidden']]);
    expect((await call('GET', `/live/viewer/lives/${f.liveId}/comments`, v.token)).json().data.list).toEqual([]);
    expect((await call('POST', `/live/comments/${c.id}/show`, cs, undefined, pharmacyId)).json().data.status).toBe(
      'visible',
    );

    const host = await call('POST', `/live/${f.liveId}/comments`, shop, { content: '不能自行停药' }, pharmacyId);
    expect(host.statusCode).toBe(200);
    expect(host.json().data).toMatchObject({ staff: true, content: '不能自行停药' });

    const mute = await call('POST', `/live/${f.liveId}/mutes`, cs, { account_id: v.id }, pharmacyId);
    expect(mute.statusCode).toBe(200);
    const afterMute = (await call('GET', `/live/${f.liveId}/comments`, cs, undefined, pharmacyId)).json().data;
    expect(afterMute.find((x: { id: number }) => x.id === c.id).muted).toBe(true);
    expect(
      (await call('POST', `/live/viewer/lives/${f.liveId}/comments`, v.token, { content: '再问一次' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/live/${f.liveId}/mutes/${v.id}`, cs, undefined, pharmacyId)).statusCode).toBe(200);
    expect(
      (await call('POST', `/live/viewer/lives/${f.liveId}/comments`, v.token, { content: '谢谢老师' })).statusCode,
    ).toBe(200);

    // an account that neither commented nor watched: 404
    const stranger = await newViewer();
    expect(
      (await call('POST', `/live/${f.liveId}/mutes`, cs, { account_id: stranger.id }, pharmacyId)).statusCode,
    ).toBe(404);

    // the shop acting in its other pharmacy: this pharmacy's live and comment answer 404
    for (const [method, url, body] of [
      ['GET', `/live/${f.liveId}/comments`, undefined],
      ['POST', `/live/${f.liveId}/comments`, { content: '越权' }],
      ['POST', `/live/comments/${c.id}/hide`, undefined],
      ['POST', `/live/comments/${c.id}/show`, undefined],
      ['POST', `/live/${f.liveId}/mutes`, { account_id: v.id }],
      ['DELETE', `/live/${f.liveId}/mutes/${v.id}`, undefined],
    ] as const) {
      const res = await call(method, url, shop, body, otherPharmacyId);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = await one<{ status: string }>(sql`select status from live_comment where id = ${c.id}`);
    expect(still.status).toBe('visible');
    // 王丽娟 is customer service in both stores: acting in the other one, this store's live is missing there too
    expect((await call('GET', `/live/${f.liveId}/comments`, cs, undefined, otherPharmacyId)).statusCode).toBe(404);
    // the pharmacist (not in the broadcast set) may not moderate at all
    const pharmacist = await t.login('13800000006');
    expect((await call('POST', `/live/comments/${c.id}/hide`, pharmacist, undefined, pharmacyId)).statusCode).toBe(403);
  });
});
