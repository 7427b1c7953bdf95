// The live classes' team statistics (团队统计, issue 15) over a year (bench/run.mjs runs it unless `--skip-team-stat`;
// `node bench/team-stat.mjs` runs it alone on a throwaway PostgreSQL with the demo data):
// - a year of one pharmacy's live classes written straight to the database: 3 teams of ~20 customer-service staff
//   (phones 1365…), ~5,000 patients (phones 1366…) enrolled in the year's camp periods through the staff's
//   invitations, 1,000,000 heartbeats (live_heartbeat, generate_series) with their live_watch aggregates
//   (INSERT … SELECT, as the flush keeps them), exam results and ~10,000 orders of those patients;
// - `GET /api/v1/live/team_stat` for the whole year (366 days ending today), sequential requests: p50 / p99;
// - beside it the bare baseline: the very same statement (the repository's `teamStatQuery`) through `pg`, and the
//   naive source the aggregate spares: the year's watch time summed from the raw heartbeats.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { teamStatTargets } from './targets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DAY_MS = 86_400_000;
const shanghaiDate = (t) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Writes the year's data into `pharmacyId` (once: a second call finds it and answers its figures). */
export async function prepareTeamStat(
  client,
  { pharmacyId, heartbeats, patients, staff, teams, orders, log = console.log },
) {
  const started = performance.now();
  const marker = `压测直播 ${pharmacyId}`;
  const { rows: done } = await client.query(
    'select count(*)::int as n from live where pharmacy_id = $1 and title like $2',
    [pharmacyId, `${marker}%`],
  );
  if (done[0].n === 0) {
    await client.query('begin');
    for (const table of ['ts_team', 'ts_staff', 'ts_patient', 'ts_period', 'ts_live'])
      await client.query(`create temp table ${table} (ix int, id int, start_at timestamptz) on commit drop`);
    await client.query(
      `with t as (insert into team (pharmacy_id, name)
                  select $1::int, '直播' || n || '组' from unnest(array['一', '二', '三', '四', '五']) with ordinality u(n, i)
                  where i <= $2 returning id)
       insert into ts_team select row_number() over (order by id) - 1, id from t`,
      [pharmacyId, teams],
    );
    // staff: customer service, all but the last two in a team (round robin), those two without one (未分组)
    await client.query(
      `insert into account (phone, phone_user_id, name)
       select '1365' || lpad(g::text, 7, '0'), 'bench-ts-staff-' || g, '压测客服' || g from generate_series(1, $1) g
       on conflict (phone) do nothing`,
      [staff],
    );
    await client.query(
      `with m as (
         insert into pharmacy_member (pharmacy_id, account_id, role, team_id)
         select $1::int, a.id, 'customer_service',
           case when g <= $2 - 2 then (select id from ts_team where ix = g % $3) end
         from generate_series(1, $2) g join account a on a.phone = '1365' || lpad(g::text, 7, '0')
         on conflict (pharmacy_id, account_id) do update set team_id = excluded.team_id
         returning id)
       insert into ts_staff select row_number() over (order by id) - 1, id from m`,
      [pharmacyId, staff, teams],
    );
    await client.query(
      `insert into account (phone, phone_user_id, name)
       select '1366' || lpad(g::text, 7, '0'), 'bench-ts-patient-' || g, '压测学员' || g from generate_series(1, $1) g
       on conflict (phone) do nothing`,
      [patients],
    );
    await client.query(
      `insert into ts_patient select g - 1, a.id from generate_series(1, $1) g join account a on a.phone = '1366' || lpad(g::text, 7, '0')`,
      [patients],
    );
    // one column, a camp period a month, two lives a week over the year (ended)
    await client.query(
      `with c as (insert into live_column (pharmacy_id, kind, title) values ($1, 'pharmacy', $2) returning id),
       p as (insert into column_period (pharmacy_id, column_id, name, start_at, end_at, sort)
             select $1::int, c.id, '第' || m || '期', now() - interval '365 days' + (m - 1) * interval '30 days',
               now() - interval '365 days' + m * interval '30 days', m
             from c, generate_series(1, 12) m returning id, start_at)
       insert into ts_period select row_number() over (order by id) - 1, id, start_at from p`,
      [pharmacyId, `${marker} 专栏`],
    );
    await client.query(
      `with l as (insert into live (pharmacy_id, title, lecturer, start_at, end_at, started_at, ended_at, status)
                  select $1::int, $2 || ' 第' || k || '讲', '压测讲师', s, s + interval '1 hour', s, s + interval '1 hour', 'ended'
                  from generate_series(0, 103) k, lateral (select now() - interval '364 days' + k * interval '3.5 days' as s) x
                  returning id, start_at)
       insert into ts_live select row_number() over (order by id) - 1, id, start_at from l`,
      [pharmacyId, marker],
    );
    await client.query(
      `insert into column_period_live (pharmacy_id, period_id, live_id, sort)
       select $1::int, p.id, l.id, l.ix from ts_live l join ts_period p on p.ix = least(11, l.ix * 12 / 104)`,
      [pharmacyId],
    );
    // enrolments: each patient in 1–3 periods, through a staff member's invitation (1 in 10 by themselves); a later
    // enrolment often through another member (the owner stays the first one's)
    await client.query(
      `insert into live_enrollment (pharmacy_id, period_id, account_id, source, inviter_member_id, created_at)
       select $1::int, pe.id, p.id, case when s.id is null then 'self' else 'invite' end, s.id,
         pe.start_at + ((p.ix * 7 + j) % 20) * interval '1 day' + (p.ix % 1440) * interval '1 minute'
       from ts_patient p
       cross join generate_series(0, 2) j
       join ts_period pe on pe.ix = (p.ix + j * 5) % 12
       left join ts_staff s on (p.ix + j) % 10 <> 0 and s.ix = (p.ix * 31 + j * 7) % $2
       where j <= p.ix % 3
       on conflict do nothing`,
      [pharmacyId, staff],
    );
    // invitations: one before each invited enrolment, and as many opened by others who did not enrol through them
    await client.query(
      `insert into live_invitation (pharmacy_id, period_id, account_id, inviter_member_id, created_at)
       select pharmacy_id, period_id, account_id, inviter_member_id, created_at - interval '10 minutes'
       from live_enrollment where pharmacy_id = $1 and inviter_member_id is not null
         and period_id in (select id from ts_period)
       union all
       select $1::int, pe.id, p.id, s.id, pe.start_at + (p.ix % 25) * interval '1 day'
       from ts_patient p join ts_period pe on pe.ix = (p.ix * 3) % 12 join ts_staff s on s.ix = (p.ix * 17) % $2
       on conflict do nothing`,
      [pharmacyId, staff],
    );
    // heartbeats: sessions of 120 beats (10 minutes) of a patient at a live, live or a replay up to 6 days later
    await client.query(
      `insert into live_heartbeat (pharmacy_id, live_id, account_id, seconds, mode, beat_at)
       select $1::int, l.id, p.id, 5, case when x.s % 7 = 0 then 'live' else 'replay' end,
         l.start_at + (x.s % 7) * interval '1 day' + (x.s % 5) * interval '10 minutes' + (g % 120) * interval '5 seconds'
       from generate_series(0, $2 - 1) g
       cross join lateral (select g / 120 as s) x
       join ts_live l on l.ix = x.s % 104
       join ts_patient p on p.ix = (x.s * 7919) % $3`,
      [pharmacyId, heartbeats, patients],
    );
    // their aggregates, as the heartbeat flush keeps them: per live, patient and Shanghai day
    await client.query(
      `insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at)
       select pharmacy_id, live_id, account_id, (beat_at at time zone 'Asia/Shanghai')::date, sum(seconds), count(*),
         min(beat_at), max(beat_at)
       from live_heartbeat where pharmacy_id = $1 and live_id in (select id from ts_live)
       group by 1, 2, 3, 4
       on conflict (live_id, account_id, day) do update set seconds = live_watch.seconds + excluded.seconds,
         beats = live_watch.beats + excluded.beats,
         first_beat_at = least(live_watch.first_beat_at, excluded.first_beat_at),
         last_beat_at = greatest(live_watch.last_beat_at, excluded.last_beat_at)`,
      [pharmacyId],
    );
    // exams: two in five viewers of a live answer after it
    await client.query(
      `insert into live_exam_result (pharmacy_id, live_id, account_id, score, total_score, correct_count,
         question_count, submitted_at)
       select $1::int, w.live_id, w.account_id, 60 + (w.account_id % 5) * 10, 100, 6 + w.account_id % 5, 10,
         min(w.last_beat_at) + interval '5 minutes'
       from live_watch w where w.pharmacy_id = $1 and w.live_id in (select id from ts_live)
         and (w.live_id + w.account_id) % 5 < 2
       group by w.live_id, w.account_id
       on conflict do nothing`,
      [pharmacyId],
    );
    // orders of those patients over the year: 7 in 10 paid (pending shipment, shipped, completed), 1 unpaid, 1
    // cancelled unpaid, 1 refunded (paid, then cancelled)
    await client.query(
      `insert into orders (order_no, pharmacy_id, account_id, status, goods_amount, pay_amount, receiver_name,
         receiver_phone, province, city, address_detail, created_at, paid_at, cancelled_at)
       select 'TSB' || $1::int || '-' || g, $1::int, p.id, st.status, amt, amt, '压测学员', '16600000000', '浙江省', '杭州市',
         '文三路 1 号', at, case when st.paid then at + interval '3 minutes' end,
         case when st.status = 'cancelled' then at + interval '1 hour' end
       from generate_series(1, $2) g
       join ts_patient p on p.ix = (g * 13) % $3
       cross join lateral (select now() - (g % 365) * interval '1 day' - (g * 37 % 86400) * interval '1 second' as at,
         round((20 + (g * 7919 % 48000) / 100.0)::numeric, 2) as amt) x
       cross join lateral (select (array['pending_shipment', 'shipped', 'completed', 'completed', 'completed',
           'completed', 'completed', 'pending_payment', 'cancelled', 'cancelled'])[1 + g % 10] as status,
         g % 10 < 7 or g % 10 = 9 as paid) st`,
      [pharmacyId, orders, patients],
    );
    await client.query('commit');
    for (const table of [
      'live_heartbeat',
      'live_watch',
      'live_enrollment',
      'live_invitation',
      'live_exam_result',
      'orders',
    ])
      await client.query(`analyze ${table}`);
  }
  const { rows } = await client.query(
    `select (select count(*)::int from live_heartbeat where pharmacy_id = $1) as heartbeats,
       (select count(*)::int from live_watch where pharmacy_id = $1) as watch_rows,
       (select count(*)::int from live_enrollment where pharmacy_id = $1) as enrolments,
       (select count(*)::int from live_invitation where pharmacy_id = $1) as invitations,
       (select count(*)::int from live_exam_result where pharmacy_id = $1) as exam_results,
       (select count(*)::int from orders where pharmacy_id = $1) as orders,
       (select count(distinct account_id)::int from live_enrollment where pharmacy_id = $1) as patients,
       (select count(*)::int from pharmacy_member where pharmacy_id = $1) as members`,
    [pharmacyId],
  );
  const data = { ...rows[0], prepare_s: +((performance.now() - started) / 1000).toFixed(1) };
  log(
    `  team stats data: ${data.heartbeats} heartbeats (${data.watch_rows} live_watch rows), ${data.enrolments} enrolments of ${data.patients} patients, ${data.invitations} invitations, ${data.exam_results} exam results, ${data.orders} orders of the pharmacy, ${data.members} members; ${data.prepare_s} s`,
  );
  return data;
}

/** The repository's statement for the range, as text and parameters (built by the server's own code through tsx). */
function productStatement(range) {
  const code = `
    import { PgDialect } from 'drizzle-orm/pg-core';
    const { teamStatQuery } = await import(${JSON.stringify(path.join(root, 'apps/server/src/modules/live/team-stat.repository.ts'))});
    const r = ${JSON.stringify(range)};
    const q = new PgDialect().sqlToQuery(teamStatQuery({ ...r, from: new Date(r.from), to: new Date(r.to) }));
    process.stdout.write(JSON.stringify(q));`;
  const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`building the statement failed: ${out.stderr}`);
  return JSON.parse(out.stdout);
}

async function timed(runs, fn) {
  const times = [];
  let last;
  for (let i = 0; i < runs + 1; i++) {
    const started = performance.now();
    last = await fn();
    if (i > 0) times.push(performance.now() - started); // the first run warms caches and plans
  }
  times.sort((a, b) => a - b);
  return {
    last,
    p50_ms: +percentile(times, 50).toFixed(1),
    p99_ms: +percentile(times, 99).toFixed(1),
    max_ms: +times[times.length - 1].toFixed(1),
  };
}

/** Prepares the year, then times the product route, the same statement bare, and the raw-heartbeat rollup. */
export async function measureTeamStat({
  baseUrl,
  databaseUrl,
  headers,
  pharmacyId,
  runs = Number(process.env.TEAM_STAT_RUNS ?? 30),
  log = console.log,
}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const data = await prepareTeamStat(client, {
      pharmacyId,
      heartbeats: teamStatTargets.heartbeats,
      patients: teamStatTargets.patients,
      staff: teamStatTargets.staff,
      teams: teamStatTargets.teams,
      orders: teamStatTargets.orders,
      log,
    });
    const dateTo = shanghaiDate(Date.now());
    const dateFrom = shanghaiDate(Date.now() - 365 * DAY_MS);
    const url = `${baseUrl}/api/v1/live/team_stat?date_from=${dateFrom}&date_to=${dateTo}`;
    const product = await timed(runs, async () => {
      const res = await fetch(url, { headers });
      const body = await res.json();
      if (!res.ok || body.code !== 0) throw new Error(`team_stat: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body.data;
    });
    const answer = product.last;
    delete product.last;
    log(`  team_stat one year (product): p50 ${product.p50_ms} ms, p99 ${product.p99_ms} ms`);

    // the bare baseline: the same statement through pg (what the route costs beyond the database)
    const from = new Date(`${dateFrom}T00:00:00+08:00`).toISOString();
    const to = new Date(new Date(`${dateTo}T00:00:00+08:00`).getTime() + DAY_MS).toISOString();
    const q = productStatement({ pharmacyId, dateFrom, dateTo, from, to });
    const bare = await timed(runs, () => client.query({ name: 'bench_team_stat', text: q.sql, values: q.params }));
    const bareRows = bare.last.rowCount;
    delete bare.last;
    log(`  team_stat one year (bare statement): p50 ${bare.p50_ms} ms, p99 ${bare.p99_ms} ms`);
    const { rows: plan } = await client.query(`explain (analyze, buffers, format text) ${q.sql}`, q.params);
    const naive = await timed(Math.min(runs, 5), () =>
      client.query(
        `select account_id, sum(seconds) from live_heartbeat where pharmacy_id = $1 and beat_at >= $2 and beat_at < $3
         group by 1`,
        [pharmacyId, from, to],
      ),
    );
    delete naive.last;
    log(`  the year's watch time from the raw heartbeats (naive): p50 ${naive.p50_ms} ms`);
    return {
      date_from: dateFrom,
      date_to: dateTo,
      data,
      product,
      bare: { ...bare, rows: bareRows },
      naive_heartbeat_rollup: naive,
      plan_execution_ms: Number(/Execution Time: ([\d.]+)/.exec(plan.map((r) => r['QUERY PLAN']).join('\n'))?.[1]),
      answer: {
        total: answer.total,
        teams: answer.teams.length,
        members: answer.teams.reduce((n, t) => n + t.members.length, 0),
        days: answer.daily.length,
      },
    };
  } finally {
    await client.end();
  }
}

/** bench/budgets.json-style check against teamStatTargets: p50 and p99 of the product route. */
export function teamStatFailures(result) {
  if (!result) return [];
  if (result.error) return [`team statistics: ${result.error}`];
  const failures = [];
  if (result.product.p50_ms > teamStatTargets.max_p50_ms)
    failures.push(`team statistics one year: p50 ${result.product.p50_ms} ms > ${teamStatTargets.max_p50_ms} ms`);
  if (result.product.p99_ms > teamStatTargets.max_p99_ms)
    failures.push(`team statistics one year: p99 ${result.product.p99_ms} ms > ${teamStatTargets.max_p99_ms} ms`);
  if (result.data.heartbeats < teamStatTargets.heartbeats)
    failures.push(`team statistics: ${result.data.heartbeats} heartbeats < ${teamStatTargets.heartbeats}`);
  return failures;
}

export function teamStatLines(result) {
  if (!result) return [];
  if (result.error) return ['| team statistics | failed |', '| --- | --- |', `| one year | ${result.error} |`, ''];
  const d = result.data;
  return [
    '| team statistics (团队统计) | p50 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: |',
    `| product GET /live/team_stat, ${result.date_from} … ${result.date_to} (${result.answer.teams} teams, ${result.answer.members} members, ${result.answer.days} days) | ${result.product.p50_ms} | ${result.product.p99_ms} | ${result.product.max_ms} |`,
    `| bare: the same statement through pg | ${result.bare.p50_ms} | ${result.bare.p99_ms} | ${result.bare.max_ms} |`,
    `| naive: the year's watch time summed from live_heartbeat | ${result.naive_heartbeat_rollup.p50_ms} | ${result.naive_heartbeat_rollup.p99_ms} | ${result.naive_heartbeat_rollup.max_ms} |`,
    '',
    `Data: ${d.heartbeats} heartbeats (${d.watch_rows} live_watch rows), ${d.enrolments} enrolments of ${d.patients} patients, ${d.invitations} invitations, ${d.exam_results} exam results, ${d.orders} orders of the pharmacy, ${d.members} members.`,
    '',
  ];
}

async function standalone() {
  const port = Number(process.env.TEAM_STAT_PORT ?? 3221);
  const env = Object.fromEntries(
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { cwd: root })
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.replace(/^export /, '').split('=')),
  );
  let server;
  try {
    const databaseUrl = env.TEST_DATABASE_URL;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 900; i++) {
      if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode})`);
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(200);
    }
    const login = await fetch(`${base}/api/v1/user/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '13800000002', password: 'Demo@12345' }),
    }).then((r) => r.json());
    const token = login.data.token;
    const mine = await fetch(`${base}/api/v1/pharmacy/me`, { headers: { Auth: token } }).then((r) => r.json());
    const pharmacyId = mine.data[0].id;
    const result = await measureTeamStat({
      baseUrl: base,
      databaseUrl,
      headers: { Auth: token, pharmacyid: String(pharmacyId) },
      pharmacyId,
    });
    console.log(JSON.stringify(result, null, 2));
    console.log(teamStatLines(result).join('\n'));
    const failures = teamStatFailures(result);
    if (failures.length) {
      console.error(failures.join('\n'));
      process.exitCode = 1;
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop', env.PG_THROWAWAY_DIR], { cwd: root, stdio: 'inherit' });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await standalone();
