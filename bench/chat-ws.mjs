// The chat room's delivery under load (issue 14, docs/chat.md "Delivery"): `clients` patients (1,000) hold a WebSocket
// each (/api/v1/chat/ws, hello with a session), and their pharmacist sends `rate` messages a second (100) spread over
// their conversations through the REST send route (POST /api/v1/chat/conversations/:id/messages, each with its own
// client_id) for `seconds` (30). For every message: the latency from the moment its request is sent to the moment
// its `message` frame reaches the patient's socket (p50/p95/p99), and whether it arrived exactly once at the right
// socket (lost, duplicated, misrouted). The server's RSS is read with all sockets connected.
//
// Why staff → patients: the patient sockets are the 1,000 connections the issue asks for, and each message then has
// exactly one receiving patient socket (a patient's send would fan out to every staff socket of the pharmacy, which
// would measure fan-out, not delivery); the send path (one transaction, then the bus) is the same for both sides.
//
// Runs: one instance; two instances on the same PostgreSQL (half of the clients on each, every message sent through
// the OTHER instance than its receiver's socket: the frame crosses PostgreSQL LISTEN/NOTIFY); and the baseline, a bare
// `ws` server (no database, no auth: POST /send writes the frame to the addressed socket), the floor of the same
// HTTP → WebSocket path on this machine.
//
// `node bench/chat-ws.mjs` runs it on its own: a throwaway PostgreSQL, the demo data, two servers (CHAT_CLIENTS,
// CHAT_RATE, CHAT_SECONDS override; CHAT_SERVER_NODE_ARGS adds node flags to the measured servers, e.g. a CPU
// profile: `--cpu-prof --cpu-prof-dir=/tmp/prof`). bench/run.mjs calls measureChat() with its own database and server.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import { postmasterPid, treeCpu } from './lib/cpu.mjs';
import { processTreeRssMb } from './lib/rss.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
const round = (n) => (n === null ? null : +n.toFixed(1));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const PHONE_PREFIX = '1990000'; // 1990000xxxx: no seed uses it
const STAFF_PHONE = '13800000006'; // the demo pharmacist of the first demo pharmacy

/**
 * `clients` patient accounts with a session each and one open conversation each with the first demo pharmacy,
 * assigned to its pharmacist (so the sends do not go through the queue), written straight to the database; a rerun
 * replaces the conversations. Returns the sessions' tokens and conversation ids.
 */
export async function prepareChat(databaseUrl, { clients }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const phones = Array.from({ length: clients }, (_, i) => `${PHONE_PREFIX}${String(i).padStart(4, '0')}`);
    await client.query(
      `insert into account (phone, phone_user_id, name)
       select p, 'chatbench' || p, '压测患者' || right(p, 4) from unnest($1::text[]) as t(p)
       on conflict (phone) do nothing`,
      [phones],
    );
    const { rows: accounts } = await client.query(
      'select id, phone from account where phone = any($1::text[]) order by phone',
      [phones],
    );
    const ids = accounts.map((a) => a.id);
    const { rows: pharmacyRows } = await client.query(
      `select m.pharmacy_id, m.account_id from pharmacy_member m join account a on a.id = m.account_id
       where a.phone = $1 and m.status = 'active' order by m.pharmacy_id limit 1`,
      [STAFF_PHONE],
    );
    const { pharmacy_id: pharmacyId, account_id: staffId } = pharmacyRows[0];
    await client.query('delete from conversation where patient_account_id = any($1::int[])', [ids]);
    const { rows: conversations } = await client.query(
      `insert into conversation (pharmacy_id, patient_account_id, assignee_id, status)
       select $1, a, $2, 'open' from unnest($3::int[]) as t(a)
       returning id, patient_account_id`,
      [pharmacyId, staffId, ids],
    );
    const conversationOf = new Map(conversations.map((c) => [c.patient_account_id, c.id]));
    const tokens = accounts.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into session (account_id, token_sha256, expires_at, user_agent)
       select a, t, now() + interval '1 day', 'chat bench' from unnest($1::int[], $2::text[]) as s(a, t)`,
      [ids, tokens.map((t) => createHash('sha256').update(t).digest('hex'))],
    );
    return {
      pharmacyId,
      patients: accounts.map((a, i) => ({
        accountId: a.id,
        token: tokens[i],
        conversationId: conversationOf.get(a.id),
      })),
    };
  } finally {
    await client.end();
  }
}

/** Signs the pharmacist in (the demo password) on one instance; the session works on every instance. */
async function staffToken(baseUrl) {
  const res = await fetch(`${baseUrl}/api/v1/user/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: STAFF_PHONE, password: 'Demo@12345' }),
  });
  const body = await res.json();
  if (!body?.data?.token) throw new Error(`chat bench: sign-in of ${STAFF_PHONE} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * Opens `list.length` sockets (at most `parallel` handshakes at a time); each says hello (when `hello` is given)
 * and waits for `ready`. `onFrame(index, frame)` sees every frame afterwards.
 */
async function openSockets(list, onFrame, parallel = 50) {
  const sockets = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const index = next++;
      const { url, hello } = list[index];
      sockets[index] = await new Promise((resolve, reject) => {
        const ws = new WebSocket(url, { perMessageDeflate: false });
        const timer = setTimeout(() => reject(new Error(`socket ${index}: no ready within 15 s`)), 15_000);
        ws.once('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
        ws.once('close', (code) => {
          clearTimeout(timer);
          reject(new Error(`socket ${index} closed with ${code} before ready`));
        });
        ws.on('message', (data) => {
          const frame = JSON.parse(String(data));
          if (frame.t === 'ready' || !hello) {
            clearTimeout(timer);
            ws.removeAllListeners('close');
            ws.removeAllListeners('error');
            ws.on('error', () => undefined);
            resolve(ws);
          }
          onFrame(index, frame);
        });
        ws.once('open', () => {
          if (hello) ws.send(JSON.stringify(hello));
          else {
            clearTimeout(timer);
            ws.removeAllListeners('close');
            ws.removeAllListeners('error');
            ws.on('error', () => undefined);
            resolve(ws);
          }
        });
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return sockets;
}

/** Keep-alive HTTP POST of JSON; resolves with the status code. */
function postJson(agent, url, headers, body) {
  return new Promise((resolve) => {
    const data = Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': data.length, ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    req.end(data);
  });
}

/**
 * The load itself. `receivers[i]` = { url, hello } of client i's socket; `sendOf(n, i)` = { url, headers, body } of
 * the HTTP request that sends message n to client i (its body text must hold `#n`). `pids` are read for RSS with all
 * sockets connected.
 */
async function runDelivery({
  receivers,
  sendOf,
  rate,
  seconds,
  pids,
  cpuPids = pids,
  postgresPid = 0,
  log,
  warmup = 3,
  graceMs = 5_000,
}) {
  const clients = receivers.length;
  // the first `warmup` seconds at the same rate warm the server (JIT, pools, plans): checked for loss, not timed
  const warmupMessages = Math.round(rate * warmup);
  const total = warmupMessages + Math.round(rate * seconds);
  const sentAt = new Map();
  const target = new Map();
  const receipts = new Map();
  const latencies = [];
  let misrouted = 0;
  const onFrame = (index, frame) => {
    if (frame.t !== 'message') return;
    const match = /#(\d+)$/.exec(frame.message.body);
    if (!match) return;
    const n = Number(match[1]);
    const at = sentAt.get(n);
    if (at === undefined) return;
    if (target.get(n) !== index) misrouted += 1;
    const count = (receipts.get(n) ?? 0) + 1;
    receipts.set(n, count);
    if (count === 1 && n >= warmupMessages) latencies.push(performance.now() - at);
  };
  const rssBefore = pids.map((pid) => processTreeRssMb(pid));
  const connectStarted = performance.now();
  const sockets = await openSockets(receivers, onFrame);
  const connectS = (performance.now() - connectStarted) / 1000;
  await sleep(1000);
  const rssAtConnections = Object.fromEntries(pids.map((pid) => [pid, processTreeRssMb(pid)]));
  log(
    `  ${clients} sockets ready in ${connectS.toFixed(1)} s; server RSS ${Object.values(rssAtConnections).join(' + ')} MB`,
  );

  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const statuses = new Map();
  const pending = [];
  const cpuBefore = treeCpu(cpuPids);
  const pgCpuBefore = postgresPid ? treeCpu([postgresPid]) : new Map();
  const started = performance.now();
  // spread over the clients: a stride coprime with their number visits each in turn, neighbours far apart
  const stride = [7919, 104_729, 1_299_709].find((p) => clients % p !== 0) ?? 1;
  let n = 0;
  while (n < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    while (n < due) {
      const index = (n * stride) % clients;
      const request = sendOf(n, index);
      target.set(n, index);
      sentAt.set(n, performance.now());
      const sent = n;
      pending.push(
        postJson(agent, request.url, request.headers, request.body).then((status) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== 200) sentAt.delete(sent);
        }),
      );
      n += 1;
    }
    await sleep(2);
  }
  const sendS = (performance.now() - started) / 1000 - warmup;
  await Promise.all(pending);
  const answeredS = (performance.now() - started) / 1000 - warmup;
  const acked = sentAt.size;
  const until = performance.now() + graceMs;
  while (performance.now() < until && [...sentAt.keys()].some((k) => !receipts.has(k))) await sleep(20);
  const cpuAfter = treeCpu(cpuPids);
  let cpuMs = 0;
  for (const [pid, ms] of cpuAfter) cpuMs += ms - (cpuBefore.get(pid) ?? 0);
  let pgCpuMs = 0;
  if (postgresPid) for (const [pid, ms] of treeCpu([postgresPid])) pgCpuMs += ms - (pgCpuBefore.get(pid) ?? 0);
  const rssAfter = Object.fromEntries(pids.map((pid) => [pid, processTreeRssMb(pid)]));
  for (const ws of sockets) ws.terminate();
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const lost = [...sentAt.keys()].filter((k) => !receipts.has(k)).length;
  const duplicated = [...receipts.values()].reduce((sum, c) => sum + (c > 1 ? c - 1 : 0), 0);
  const result = {
    clients,
    rate_per_s: rate,
    seconds,
    warmup_s: warmup,
    sent: total,
    timed: latencies.length,
    /** The rate the sends went out at (open loop: not slowed by the answers). */
    achieved_rate_per_s: +((total - warmupMessages) / sendS).toFixed(1),
    /** The rate the server answered them at, to the last answer (below the sent rate: it fell behind). */
    answered_rate_per_s: +((total - warmupMessages) / answeredS).toFixed(1),
    acknowledged: acked,
    http_errors: total - acked,
    statuses: Object.fromEntries(statuses),
    received: receipts.size,
    lost,
    duplicated,
    misrouted,
    p50_ms: round(percentile(latencies, 50)),
    p95_ms: round(percentile(latencies, 95)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(latencies.at(-1) ?? null),
    connect_s: +connectS.toFixed(1),
    /** The servers' and PostgreSQL's CPU time per message sent (the send request, the bus, the delivery). */
    cpu_ms_per_message: +(cpuMs / total).toFixed(2),
    /** Of which PostgreSQL's (the postmaster and its backends). */
    cpu_ms_per_message_postgres: postgresPid ? +(pgCpuMs / total).toFixed(2) : null,
    rss_mb_before: rssBefore,
    rss_mb_at_connections: Object.values(rssAtConnections),
    rss_mb_after: Object.values(rssAfter),
  };
  log(
    `  sent ${total} (${result.achieved_rate_per_s}/s), received ${result.received}, lost ${lost}, duplicated ${duplicated}, misrouted ${misrouted}; latency p50 ${result.p50_ms} p95 ${result.p95_ms} p99 ${result.p99_ms} max ${result.max_ms} ms`,
  );
  return result;
}

const wsUrlOf = (baseUrl) => `${baseUrl.replace('http', 'ws')}/api/v1/chat/ws`;

/**
 * The product: the patients' sockets on `baseUrls[i % baseUrls.length]`, each message sent through the next instance
 * (with one instance, the same one). `pids` are the servers' (for RSS).
 */
export async function measureProductChat({
  databaseUrl,
  baseUrls,
  pids,
  postgresPid,
  clients,
  rate,
  seconds,
  log = console.log,
}) {
  const { pharmacyId, patients } = await prepareChat(databaseUrl, { clients });
  const token = await staffToken(baseUrls[0]);
  const instanceOf = (i) => i % baseUrls.length;
  const receivers = patients.map((p, i) => ({
    url: wsUrlOf(baseUrls[instanceOf(i)]),
    hello: { t: 'hello', token: p.token, side: 'patient' },
  }));
  const runId = randomBytes(3).toString('hex');
  return runDelivery({
    receivers,
    rate,
    seconds,
    pids,
    cpuPids: [...pids, postgresPid].filter(Boolean),
    postgresPid,
    log,
    sendOf: (n, i) => ({
      url: `${baseUrls[(instanceOf(i) + 1) % baseUrls.length]}/api/v1/chat/conversations/${patients[i].conversationId}/messages`,
      headers: { auth: token, pharmacyid: String(pharmacyId) },
      body: { client_id: `bench-${runId}-${n}`, kind: 'text', body: `压测消息 #${n}` },
    }),
  });
}

/** The baseline server: `ws` on a bare node:http server; POST /send { to, frame } writes the frame to socket `to`. */
export function bareChatServer(port) {
  const sockets = new Map();
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/send') {
      res.writeHead(404).end();
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const { to, frame } = JSON.parse(Buffer.concat(chunks).toString());
      sockets.get(to)?.send(JSON.stringify(frame));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
    });
  });
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  wss.on('connection', (ws, req) => {
    const id = Number(new URL(req.url, 'http://x').searchParams.get('id'));
    sockets.set(id, ws);
    ws.on('close', () => sockets.delete(id));
    ws.send(JSON.stringify({ t: 'ready' }));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** The baseline run against a bare server started as a child process (its own RSS, like the product's). */
export async function measureBareChat({ port = 3302, clients, rate, seconds, log = console.log }) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare-server', String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      const ok = await fetch(`${base}/ping`).then(
        () => true,
        () => false,
      );
      if (ok) break;
      await sleep(100);
    }
    const receivers = Array.from({ length: clients }, (_, i) => ({
      url: `ws://127.0.0.1:${port}/?id=${i}`,
      hello: null,
    }));
    const frameOf = (n) => ({
      t: 'message',
      message: { id: n, conversation_id: n, seq: n, sender_side: 'staff', kind: 'text', body: `压测消息 #${n}` },
      conversation: { id: n },
    });
    return await runDelivery({
      receivers,
      rate,
      seconds,
      pids: [child.pid],
      log,
      sendOf: (n, i) => ({ url: `${base}/send`, headers: {}, body: { to: i, frame: frameOf(n) } }),
    });
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * The three runs: the bare baseline, one product instance (`baseUrl`, `pid`), then two instances (a second server
 * started here on the same database, `startSecond()` → { url, pid, stop }).
 */
export async function measureChat({
  databaseUrl,
  baseUrl,
  pid,
  postgresPid,
  startSecond,
  clients,
  rate,
  seconds,
  log = console.log,
}) {
  const result = {};
  log(`chat: baseline (bare ws server), ${clients} sockets, ${rate} messages/s for ${seconds} s`);
  result.baseline = await measureBareChat({ clients, rate, seconds, log });
  log(`chat: one instance, ${clients} patient sockets, ${rate} messages/s for ${seconds} s`);
  result.one_instance = await measureProductChat({
    databaseUrl,
    baseUrls: [baseUrl],
    pids: [pid],
    postgresPid,
    clients,
    rate,
    seconds,
    log,
  });
  if (startSecond) {
    log('chat: two instances on one PostgreSQL (sockets split, each message sent through the other instance)');
    const second = await startSecond();
    try {
      result.two_instances = await measureProductChat({
        databaseUrl,
        baseUrls: [baseUrl, second.url],
        pids: [pid, second.pid],
        postgresPid,
        clients,
        rate,
        seconds,
        log,
      });
    } finally {
      await second.stop();
    }
  }
  return result;
}

/** The chat targets (bench/targets.mjs `chatTargets`) a run broke, as lines for the report. */
export function chatFailures(chat, targets) {
  const failures = [];
  if (!chat) return failures;
  if (chat.error) return [`chat: ${chat.error}`];
  for (const [run, maxP99] of [
    ['one_instance', targets.one_instance_p99_ms],
    ['two_instances', targets.two_instances_p99_ms],
  ]) {
    const r = chat[run];
    if (!r) continue;
    const name = `chat ${run.replace('_', ' ')}`;
    if (r.p99_ms === null || r.p99_ms > maxP99) failures.push(`${name}: delivery p99 ${r.p99_ms} ms > ${maxP99} ms`);
    if (r.lost > targets.max_lost) failures.push(`${name}: ${r.lost} messages lost`);
    if (r.duplicated > 0 || r.misrouted > 0)
      failures.push(`${name}: ${r.duplicated} duplicated, ${r.misrouted} misrouted frames`);
    if (r.http_errors > 0) failures.push(`${name}: ${r.http_errors} sends failed (${JSON.stringify(r.statuses)})`);
  }
  return failures;
}

/** The report's table. */
export function chatLines(chat) {
  if (!chat) return [];
  if (chat.error) return [`Chat delivery failed: ${chat.error}`, ''];
  const row = (label, r) =>
    r
      ? `| ${label} | ${r.clients} | ${r.achieved_rate_per_s} / ${r.answered_rate_per_s ?? ''} | ${r.sent} | ${r.received} | ${r.lost} | ${r.duplicated} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.max_ms} | ${r.cpu_ms_per_message}${r.cpu_ms_per_message_postgres == null ? '' : ` (PG ${r.cpu_ms_per_message_postgres})`} | ${r.rss_mb_before.join(' + ')} → ${r.rss_mb_at_connections.join(' + ')} |`
      : null;
  return [
    '| chat delivery (send → frame) | sockets | msg/s sent / answered | sent | received | lost | duplicated | p50 ms | p95 ms | p99 ms | max ms | CPU ms / msg (of which PG) | server RSS MB: before → with the sockets |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[
      row('baseline: bare ws server', chat.baseline),
      row('one instance', chat.one_instance),
      row('two instances on PostgreSQL (sent through the other)', chat.two_instances),
    ].filter(Boolean),
    '',
  ];
}

/** A product server on `databaseUrl` (no seeding), resolved once /healthz answers. */
export async function startProductServer({ databaseUrl, port, poolMax = '20' }) {
  // CHAT_SERVER_NODE_ARGS: extra node flags for the measured servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  const nodeArgs = (process.env.CHAT_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DB_POOL_MAX: poolMax,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited (${child.exitCode})`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(200);
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

async function standalone() {
  const clients = Number(process.env.CHAT_CLIENTS ?? 1000);
  const rate = Number(process.env.CHAT_RATE ?? 100);
  const seconds = Number(process.env.CHAT_SECONDS ?? 30);
  const port = Number(process.env.CHAT_PORT ?? 3211);
  const env = Object.fromEntries(
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { cwd: root })
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.replace(/^export /, '').split('=')),
  );
  let first;
  try {
    const databaseUrl = env.TEST_DATABASE_URL;
    // the first server migrates and seeds the demo data, then one is started as production starts
    const seeding = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 600; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(200);
    }
    seeding.kill('SIGTERM');
    await new Promise((resolve) => seeding.once('exit', resolve));
    first = await startProductServer({ databaseUrl, port });
    const result = await measureChat({
      databaseUrl,
      baseUrl: first.url,
      pid: first.pid,
      postgresPid: postmasterPid(`${env.PG_THROWAWAY_DIR}/data`),
      startSecond: () => startProductServer({ databaseUrl, port: port + 1 }),
      clients,
      rate,
      seconds,
    });
    console.log(JSON.stringify(result, null, 2));
    console.log(chatLines(result).join('\n'));
  } finally {
    await first?.stop();
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop', env.PG_THROWAWAY_DIR], { cwd: root, stdio: 'inherit' });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--bare-server') {
    const server = await bareChatServer(Number(process.argv[3]));
    process.on('SIGTERM', () => server.close(() => process.exit(0)));
  } else {
    await standalone();
  }
}
