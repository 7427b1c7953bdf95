// The baselines: a bare Fastify JSON route (the ceiling) and, for each target, a bare Fastify + pg route running
// the target's hand-written SQL. Started by bench/run.mjs with DATABASE_URL, PORT and DB_POOL_MAX.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { targets } from './targets.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 20) });
const app = Fastify({ logger: false });

// About 3 KB of JSON, like one page of a list.
const ceilingBody = {
  code: 0,
  msg: 'ok',
  data: {
    list: Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      title: `系统通知 ${i + 1}`,
      content: '您的药店资质将于六个月内到期，请及时更新。',
      read_at: null,
      created_at: '2026-11-22T12:00:00+08:00',
    })),
    total: 20,
    page: 1,
    page_size: 20,
  },
};
app.get('/ceiling', async () => ceilingBody);

targets.forEach((target, index) => {
  app.get(`/bare/${index}`, async (request) => {
    const token = String(request.headers.auth ?? '');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const pharmacyId = Number(request.headers.pharmacyid) || null;
    return { code: 0, msg: 'ok', data: await target.bare(pool, { tokenHash, pharmacyId, query: request.query }) };
  });
});

await app.listen({ port: Number(process.env.PORT ?? 3300), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
