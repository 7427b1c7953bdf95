/**
 * The real API for the web project's tests (apps/web/src/lib/testing/real-server.ts starts it):
 * `tsx apps/server/src/test/web-test-server.ts [--accounts N]` builds the app exactly as the server tests do
 * (createTestApp: a fresh database from the seeded PGlite template, or a throwaway one on TEST_DATABASE_URL), listens on
 * an ephemeral loopback port and prints one JSON line: `{"url": "http://127.0.0.1:<port>", "accounts": ["177…", …]}`.
 *
 * The accounts are fresh ones (password DEMO_PASSWORD, no role, no data) so that each test can own everything it
 * looks at. The process stops when its stdin closes (the test process ended, however it ended) or on SIGTERM/SIGINT.
 */
import { parseArgs } from 'node:util';
import { account } from '../db/schema/index';
import { hashPassword } from '../lib/crypto';
import { createTestApp, DEMO_PASSWORD } from './test-app';

const { values } = parseArgs({ options: { accounts: { type: 'string', default: '0' } } });
const count = Number(values.accounts);
if (!Number.isInteger(count) || count < 0 || count > 1000)
  throw new Error(`--accounts: 0..1000, got ${values.accounts}`);

const t = await createTestApp();

const passwordHash = count ? await hashPassword(DEMO_PASSWORD) : null;
// 177 is not used by the demo data (138…, 139…) nor by the server tests' extra accounts (137…)
const phones = Array.from({ length: count }, (_, i) => `177${String(i + 1).padStart(8, '0')}`);
if (phones.length)
  await t.database.db
    .insert(account)
    .values(phones.map((phone, i) => ({ phone, phoneUserId: `pu_${phone}`, name: `测试用户${i + 1}`, passwordHash })));

const address = await t.app.listen({ host: '127.0.0.1', port: 0 });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await t.close().catch(() => undefined);
  process.exit(0);
}
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

process.stdout.write(`${JSON.stringify({ url: address, accounts: phones })}\n`);
