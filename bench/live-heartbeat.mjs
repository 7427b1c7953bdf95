// Live classes' viewer heartbeats under load (issue 15, docs/live.md "Heartbeats"): `viewers` (20,000) patients
// enrolled in a camp period binding one live that is on air, each with a session written straight to the database;
// autocannon posts `POST /api/v1/live/viewer/lives/:id/heartbeat {mode: 'live'}` at `connections` (50) for `duration`
// seconds after a 3 s warm-up, every request as the next viewer in turn (so a viewer beats about every
// viewers / rate seconds, as a page beating every 5 s does: 10,000 viewers = 2,000 beats/s). Figures: beats/s
// answered 200, latency, the server's and PostgreSQL's CPU time per beat, the beats credited (written to
// live_heartbeat) and whether live_watch reconciles with them after the last flush.
//
// Beside it, the baseline: a bare Fastify + pg server (no plugins, no zod, no contracts) doing the same work by hand —
// the session lookup (a named prepared statement) remembered for 30 s as the product's beats remember it
// (BeatSessions in apps/server/src/modules/live/viewer.routes.ts), the right to watch for 30 s, an in-memory buffer
// with one credit per viewer and window, a flush every second with the same one statement, and the answer from a
// per-live state read once a second. The run follows a warm-up in which every viewer beats once, so both serve it
// from their memory but for the flush and the per-live reads (statements per beat); on a real live each viewer's
// session and right are read again every 30 s, i.e. on one beat in six.
//
// `node bench/live-heartbeat.mjs` runs both on their own with a throwaway PostgreSQL and the demo data
// (HEARTBEAT_VIEWERS, HEARTBEAT_CONNECTIONS, HEARTBEAT_SECONDS, HEARTBEAT_PORT override; HEARTBEAT_SERVER_NODE_ARGS
// adds node flags to the product server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). bench/run.mjs calls
// measureHeartbeats() with its own database and server (skip with --skip-heartbeat).
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMsAround, postmasterPid, treeCpu } from './lib/cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const PHONE_PREFIX = '195'; // 195xxxxxxxx: no seed uses it
const BENCH_TITLE = '压测直播（心跳）';
const SHOP_PHONE = '13800000001';
const sha256 = (t) => createHash('sha256').update(t).digest('hex');

/**
 * `viewers` patient accounts with a session each, enrolled in a period of a new column binding a new live on air in
 * the shop's first demo pharmacy, written straight to the database; a rerun replaces the bench live and sessions.
 */
export async function prepareHeartbeats(databaseUrl, { viewers }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const phones = Array.from({ length: viewers }, (_, i) => `${PHONE_PREFIX}${String(i).padStart(8, '0')}`);
    await client.query(
      `insert into account (phone, phone_user_id, name)
       select p, 'hbbench' || p, '压测学员' || right(p, 5) from unnest($1::text[]) as t(p)
       on conflict (phone) do nothing`,
      [phones],
    );
    const { rows: accounts } = await client.query(
      'select id from account where phone = any($1::text[]) order by phone',
      [phones],
    );
    const ids = accounts.map((a) => a.id);
    const { rows: ph } = await client.query(
      `select m.pharmacy_id from pharmacy_member m join account a on a.id = m.account_id
       where a.phone = $1 and m.status = 'active' order by m.pharmacy_id limit 1`,
      [SHOP_PHONE],
    );
    const pharmacyId = ph[0].pharmacy_id;
    await client.query('delete from live where title = $1', [BENCH_TITLE]);
    await client.query(`delete from live_column where title = $1`, [BENCH_TITLE]);
    await client.query(`delete from session where user_agent = 'heartbeat bench'`);
    const {
      rows: [live],
    } = await client.query(
      `insert into live (pharmacy_id, title, lecturer, start_at, end_at, started_at, status, pull_url, replay_url, config)
       values ($1, $2, '压测讲师', now(), now() + interval '2 hours', now(), 'live',
         'https://pull.example.com/bench.m3u8', '', '{"chat_enabled": true, "replay_enabled": true}'::jsonb)
       returning id`,
      [pharmacyId, BENCH_TITLE],
    );
    const {
      rows: [column],
    } = await client.query(
      `insert into live_column (pharmacy_id, kind, title) values ($1, 'pharmacy', $2) returning id`,
      [pharmacyId, BENCH_TITLE],
    );
    const {
      rows: [period],
    } = await client.query(
      `insert into column_period (pharmacy_id, column_id, name, start_at, end_at)
       values ($1, $2, '压测营期', now(), now() + interval '30 days') returning id`,
      [pharmacyId, column.id],
    );
    await client.query(
      'insert into column_period_live (pharmacy_id, period_id, live_id, sort) values ($1, $2, $3, 1)',
      [pharmacyId, period.id, live.id],
    );
    await client.query(
      `insert into live_enrollment (pharmacy_id, period_id, account_id, source)
       select $1, $2, a, 'self' from unnest($3::int[]) as t(a)`,
      [pharmacyId, period.id, ids],
    );
    const tokens = ids.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into session (account_id, token_sha256, expires_at, user_agent)
       select a, t, now() + interval '1 day', 'heartbeat bench' from unnest($1::int[], $2::text[]) as s(a, t)`,
      [ids, tokens.map(sha256)],
    );
    return { pharmacyId, liveId: live.id, tokens };
  } finally {
    await client.end();
  }
}

/** Beats written for the live so far, and whether live_watch holds exactly their sums (per account and day). */
async function creditedBeats(databaseUrl, liveId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select (select count(*)::int from live_heartbeat where live_id = $1) as beats,
         (select count(*)::int from (
            select h.account_id, h.day, h.seconds, h.beats, w.seconds as w_seconds, w.beats as w_beats
            from (select account_id, (beat_at at time zone 'Asia/Shanghai')::date as day, sum(seconds)::int as seconds,
                    count(*)::int as beats
                  from live_heartbeat where live_id = $1 group by 1, 2) h
            full join (select * from live_watch where live_id = $1) w using (account_id, day)
            where h.seconds is distinct from w.seconds or h.beats is distinct from w.beats) x) as mismatched`,
      [liveId],
    );
    const { rows: stat } = await client.query(
      'select xact_commit::bigint::text as xacts from pg_stat_database where datname = current_database()',
    );
    return { ...rows[0], xacts: Number(stat[0].xacts) };
  } finally {
    await client.end();
  }
}

/** autocannon: every request the next viewer's session; resolves with its result and the status counts. */
function beatLoad({ url, tokens, connections, duration, amount }) {
  let next = 0;
  const statuses = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        ...(amount ? { amount } : { duration }),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"mode":"live"}',
        requests: [
          {
            setupRequest: (req) => {
              const token = tokens[next % tokens.length];
              next += 1;
              return { ...req, headers: { ...req.headers, auth: token } };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ result, statuses })),
    );
    instance.on('response', (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/** One measured run against `baseUrl` (the product's path, or the bare server's same path). */
async function measureRun({ baseUrl, databaseUrl, liveId, tokens, pids, postgresPid, connections, duration, log }) {
  const url = `${baseUrl}/api/v1/live/viewer/lives/${liveId}/heartbeat`;
  // the warm-up: one beat per viewer, as on a live whose viewers have all beaten once (the steady state of pages
  // beating every 5 s), then 3 s more
  await beatLoad({ url, tokens, connections, amount: tokens.length });
  await beatLoad({ url, tokens, connections, duration: 3 });
  await sleep(1500); // the warm-up's beats flushed
  const before = await creditedBeats(databaseUrl, liveId);
  const loadBefore = loadavg()[0];
  const pgBefore = postgresPid ? treeCpu([postgresPid]) : new Map();
  const { result: run, cpu_ms } = await cpuMsAround([...pids, postgresPid].filter(Boolean), () =>
    beatLoad({ url, tokens, connections, duration }),
  );
  let pgMs = 0;
  if (postgresPid) for (const [pid, ms] of treeCpu([postgresPid])) pgMs += ms - (pgBefore.get(pid) ?? 0);
  await sleep(2000); // the last window flushed
  const after = await creditedBeats(databaseUrl, liveId);
  const { result, statuses } = run;
  const ok = statuses[200] ?? 0;
  const out = {
    viewers: tokens.length,
    connections,
    duration_s: duration,
    beats_per_s: Math.round(ok / duration),
    answered_200: ok,
    statuses,
    errors:
      result.errors +
      result.timeouts +
      Object.entries(statuses).reduce((n, [code, count]) => n + (code === '200' ? 0 : count), 0),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    cpu_ms_per_beat: ok ? +(cpu_ms / ok).toFixed(3) : null,
    cpu_ms_per_beat_postgres: ok && postgresPid ? +(pgMs / ok).toFixed(3) : null,
    /** Beats written to live_heartbeat during the run (one per viewer per window and beat period). */
    credited: after.beats - before.beats,
    /** PostgreSQL transactions (autocommit statements) per beat: the session lookup, the batched flush, … */
    db_xacts_per_beat: ok ? +((after.xacts - before.xacts - 2) / ok).toFixed(3) : null,
    /** The machine's 1-minute load average before and after the run (2 cores: above 2, other work competed). */
    load_avg: [+loadBefore.toFixed(1), +loadavg()[0].toFixed(1)],
    /** live_watch rows differing from the sums of live_heartbeat (0 = reconciled). */
    watch_mismatched: after.mismatched,
  };
  log(
    `  ${out.beats_per_s} beats/s answered 200 (${JSON.stringify(statuses)}), p50 ${out.p50_ms} ms p99 ${out.p99_ms} ms, ` +
      `${out.cpu_ms_per_beat} ms CPU per beat (PG ${out.cpu_ms_per_beat_postgres}), ${out.db_xacts_per_beat} statements ` +
      `per beat; credited ${out.credited}, load ${out.load_avg.join(' → ')}, ` +
      `live_watch mismatches ${out.watch_mismatched}`,
  );
  return out;
}

/** The baseline server, a child process running this file with --bare-server. */
async function startBareServer({ databaseUrl, port, poolMax }) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare-server', String(port)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DB_POOL_MAX: String(poolMax) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The bare server: Fastify + pg, the heartbeat's work written by hand (see the head of this file). */
async function bareServer(port) {
  const { default: Fastify } = await import('fastify');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 20) });
  const app = Fastify({ logger: false });
  const pending = new Map();
  const states = new Map();
  const access = new Map();
  const flush = async () => {
    if (!pending.size) return;
    const batch = [...pending.values()];
    pending.clear();
    await pool.query({
      name: 'bare_heartbeat_flush',
      text: `with b as (
          select t.*, (t.beat_at at time zone 'Asia/Shanghai')::date as day
          from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::timestamptz[])
            as t(pharmacy_id, live_id, account_id, mode, beat_at)
        ), h as (
          insert into live_heartbeat (pharmacy_id, live_id, account_id, seconds, mode, beat_at)
          select pharmacy_id, live_id, account_id, 5, mode, beat_at from b
        )
        insert into live_watch as w (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at)
        select pharmacy_id, live_id, account_id, day, 5 * count(*)::int, count(*)::int, min(beat_at), max(beat_at)
        from b group by 1, 2, 3, 4 order by 2, 3, 4
        on conflict (live_id, account_id, day) do update set seconds = w.seconds + excluded.seconds,
          beats = w.beats + excluded.beats, last_beat_at = greatest(w.last_beat_at, excluded.last_beat_at)`,
      values: [
        batch.map((b) => b.pharmacyId),
        batch.map((b) => b.liveId),
        batch.map((b) => b.accountId),
        batch.map((b) => b.mode),
        batch.map((b) => new Date(b.at).toISOString()),
      ],
    });
  };
  const timer = setInterval(() => flush().catch((e) => console.error('bare flush failed', e.message)), 1000);
  const lastAccepted = new Map();
  const sessions = new Map();
  app.get('/ping', async () => ({ ok: true }));
  app.post('/api/v1/live/viewer/lives/:id/heartbeat', async (request, reply) => {
    const liveId = Number(request.params.id);
    const now = Date.now();
    const hash = sha256(String(request.headers.auth ?? ''));
    let session = sessions.get(hash);
    if (!session || session.until <= now) {
      const { rows } = await pool.query({
        name: 'bare_session',
        text: `select a.id from session s join account a on a.id = s.account_id
          where s.token_sha256 = $1 and s.revoked_at is null and s.expires_at > now() and a.status = 'active'`,
        values: [hash],
      });
      if (!rows[0]) return reply.code(401).send({ code: 401000, msg: '请先登录', data: null });
      session = { accountId: rows[0].id, until: now + 30_000 };
      sessions.set(hash, session);
    }
    const { accountId } = session;
    let state = states.get(liveId);
    if (!state || state.until <= now) {
      const { rows: s } = await pool.query({
        name: 'bare_live_state',
        text: `select l.pharmacy_id, l.status, l.combo_pinned,
            (select count(distinct w.account_id) from live_watch w
              where w.live_id = l.id and w.last_beat_at > now() - interval '15 seconds')::int as viewers_now
          from live l where l.id = $1`,
        values: [liveId],
      });
      state = { row: s[0], until: now + 1000 };
      states.set(liveId, state);
    }
    const key = `${liveId}:${accountId}`;
    let allowed = access.get(key);
    if (!allowed || allowed.until <= now) {
      const { rows: a } = await pool.query({
        name: 'bare_access',
        text: `select exists (select 1 from column_period_live pl join live_enrollment e
            on e.period_id = pl.period_id and e.account_id = $2 where pl.live_id = $1) as ok`,
        values: [liveId, accountId],
      });
      allowed = { ok: a[0].ok, until: now + 30_000 };
      access.set(key, allowed);
    }
    if (!state.row) return reply.code(404).send({ code: 404000, msg: '直播不存在', data: null });
    if (!allowed.ok) return reply.code(403).send({ code: 403000, msg: '请先报名该直播所在的营期', data: null });
    const last = lastAccepted.get(key);
    if (!pending.has(key) && (last === undefined || now - last >= 4000)) {
      lastAccepted.set(key, now);
      pending.set(key, { pharmacyId: state.row.pharmacy_id, liveId, accountId, mode: 'live', at: now });
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({
      code: 0,
      msg: 'ok',
      data: { status: state.row.status, viewers_now: state.row.viewers_now, combo_pinned: state.row.combo_pinned },
    });
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    clearInterval(timer);
    await flush().catch(() => undefined);
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

/**
 * The baseline (a bare server started here), then the product (`baseUrl`, `pid`), on one prepared live and its
 * viewers. Each run's beats and CPU are its own (the baseline's server, or the product's, with PostgreSQL).
 */
export async function measureHeartbeats({
  databaseUrl,
  baseUrl,
  pid,
  postgresPid,
  viewers,
  connections,
  duration,
  barePort = 3303,
  poolMax = 20,
  log = console.log,
}) {
  log(`heartbeats: ${viewers} enrolled viewers, ${connections} connections, ${duration} s after a 3 s warm-up`);
  const result = {};
  const bareLive = await prepareHeartbeats(databaseUrl, { viewers });
  const bare = await startBareServer({ databaseUrl, port: barePort, poolMax });
  try {
    log('heartbeats: baseline (bare Fastify + pg, the same work by hand)');
    result.baseline = await measureRun({
      baseUrl: bare.url,
      databaseUrl,
      liveId: bareLive.liveId,
      tokens: bareLive.tokens,
      pids: [bare.pid],
      postgresPid,
      connections,
      duration,
      log,
    });
  } finally {
    await bare.stop();
  }
  // a fresh live and sessions for the product (nothing cached from the baseline's run)
  const live = await prepareHeartbeats(databaseUrl, { viewers });
  log('heartbeats: product (one instance)');
  result.product = await measureRun({
    baseUrl,
    databaseUrl,
    liveId: live.liveId,
    tokens: live.tokens,
    pids: [pid],
    postgresPid,
    connections,
    duration,
    log,
  });
  result.ratio_to_bare = +(result.product.beats_per_s / Math.max(1, result.baseline.beats_per_s)).toFixed(2);
  return result;
}

/** The heartbeat targets (bench/targets.mjs `heartbeatTargets`) a run broke, as lines for the report. */
export function heartbeatFailures(run, targets) {
  if (!run) return [];
  if (run.error) return [`heartbeats: ${run.error}`];
  const failures = [];
  const p = run.product;
  if (p.beats_per_s < targets.min_beats_per_s)
    failures.push(`heartbeats: ${p.beats_per_s} beats/s < ${targets.min_beats_per_s} (one instance, PostgreSQL)`);
  if (p.errors > 0) failures.push(`heartbeats: ${p.errors} requests not answered 200 (${JSON.stringify(p.statuses)})`);
  if (p.watch_mismatched > 0) failures.push(`heartbeats: ${p.watch_mismatched} live_watch rows differ from the beats`);
  return failures;
}

/** The report's table. */
export function heartbeatLines(run) {
  if (!run) return [];
  if (run.error) return [`Heartbeats failed: ${run.error}`, ''];
  const row = (label, r) =>
    `| ${label} | ${r.viewers} | ${r.connections} | ${r.beats_per_s} | ${r.p50_ms} | ${r.p99_ms} | ${r.errors} | ${r.cpu_ms_per_beat} (PG ${r.cpu_ms_per_beat_postgres}) | ${r.db_xacts_per_beat} | ${r.credited} | ${r.watch_mismatched} | ${r.load_avg?.join(' → ') ?? ''} |`;
  return [
    '| live heartbeats (POST …/heartbeat) | viewers | connections | beats/s (200) | p50 ms | p99 ms | errors | CPU ms / beat (of which PG) | statements / beat | credited | live_watch mismatches | load avg |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    row('baseline: bare Fastify + pg', run.baseline),
    row(`product, one instance (${run.ratio_to_bare} of bare)`, run.product),
    '',
  ];
}

async function standalone() {
  const viewers = Number(process.env.HEARTBEAT_VIEWERS ?? 20_000);
  const connections = Number(process.env.HEARTBEAT_CONNECTIONS ?? 50);
  const duration = Number(process.env.HEARTBEAT_SECONDS ?? 10);
  const port = Number(process.env.HEARTBEAT_PORT ?? 3212);
  const env = Object.fromEntries(
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { cwd: root })
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.replace(/^export /, '').split('=')),
  );
  let server;
  const serverEnv = (seed) => ({
    ...process.env,
    DATABASE_URL: env.TEST_DATABASE_URL,
    SEED_DEMO: seed ? '1' : '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DB_POOL_MAX: '20',
    NODE_ENV: 'production',
  });
  const waitUp = async (child) => {
    for (let i = 0; i < 900; i++) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(200);
    }
    throw new Error('server did not start');
  };
  try {
    // the first server migrates and seeds the demo data, then one is started as production starts
    const seeding = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: serverEnv(true),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitUp(seeding);
    seeding.kill('SIGTERM');
    await new Promise((resolve) => seeding.once('exit', resolve));
    const nodeArgs = (process.env.HEARTBEAT_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: serverEnv(false),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitUp(server);
    const result = await measureHeartbeats({
      databaseUrl: env.TEST_DATABASE_URL,
      baseUrl: `http://127.0.0.1:${port}`,
      pid: server.pid,
      postgresPid: postmasterPid(`${env.PG_THROWAWAY_DIR}/data`),
      viewers,
      connections,
      duration,
    });
    console.log(JSON.stringify(result, null, 2));
    console.log(heartbeatLines(result).join('\n'));
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop', env.PG_THROWAWAY_DIR], { cwd: root, stdio: 'inherit' });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--bare-server') await bareServer(Number(process.argv[3]));
  else await standalone();
}
