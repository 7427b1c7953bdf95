// Quote import at full size through the pharmacy's HTTP routes: a generated 20,000-row .xlsx in the quote template's
// columns (half the products already quoted by the pharmacy, half new; matched by approval number, barcode or both)
// is uploaded for preview (POST /api/v1/pharmacy/quote/import/preview, multipart) and applied
// (POST /api/v1/pharmacy/quote/import {upload_id}) by a staff member of one of the large data set's pharmacies, while
// the server's process-tree RSS is sampled every 100 ms.
//
//   import { measureQuoteImport, benchStaffSession } from './quote-import.mjs'   -> bench/run.mjs, on its server
//   node bench/quote-import.mjs        -> standalone: its own throwaway PostgreSQL, server and large data set
//
// Standalone environment: QUOTE_IMPORT_ROWS (default 20000), QUOTE_IMPORT_PORT (default 3212),
// NODE_OPTIONS_SERVER (extra node options for the server).
import { execFileSync, spawn } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { seedLarge } from '../scripts/seed-large.mjs';
import { signIn } from './import.mjs';
import { processTreeRssMb } from './lib/rss.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A session of a pharmacy_admin of one of the large data set's pharmacies (压测药房…), signed in through the real
 * login route: the bench accounts have no password, so this one gets the demo password's hash first.
 */
export async function benchStaffSession(databaseUrl, baseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select m.account_id, m.pharmacy_id, a.phone
         from pharmacy_member m
         join pharmacy p on p.id = m.pharmacy_id
         join account a on a.id = m.account_id
        where p.name like '压测药房%' and m.role = 'pharmacy_admin' and m.status = 'active'
        order by m.pharmacy_id, m.id
        limit 1`,
    );
    if (rows.length === 0) throw new Error('no pharmacy_admin in the large data set (run scripts/seed-large.mjs)');
    const [staff] = rows;
    await client.query(
      `update account set password_hash = (select password_hash from account where phone = '13800000002') where id = $1`,
      [staff.account_id],
    );
    return { token: await signIn(baseUrl, staff.phone), pharmacyId: staff.pharmacy_id, phone: staff.phone };
  } finally {
    await client.end();
  }
}

/** The header row of the quote template (GET pharmacy/quote/import/template), so the file always matches it. */
async function templateHeaders(baseUrl, headers) {
  const res = await fetch(`${baseUrl}/api/v1/pharmacy/quote/import/template`, { headers });
  if (!res.ok) throw new Error(`quote template download: HTTP ${res.status}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()));
  return book.worksheets[0].getRow(1).values.slice(1).map(String);
}

/** Half of the rows name products the pharmacy quotes already (updates), half products it does not (new quotes). */
async function pickProducts(databaseUrl, pharmacyId, rows) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const half = Math.floor(rows / 2);
    const quoted = await client.query(
      `select p.id, p.name, p.spec, p.approval_no, p.barcode,
              (select count(*) from product s where s.approval_no = p.approval_no) > 1 as shared_approval
         from quote q join product p on p.id = q.product_id
        where q.pharmacy_id = $1 and p.barcode like '68%' and p.status = 'active'
        order by q.product_id limit $2`,
      [pharmacyId, half],
    );
    const fresh = await client.query(
      `select p.id, p.name, p.spec, p.approval_no, p.barcode,
              (select count(*) from product s where s.approval_no = p.approval_no) > 1 as shared_approval
         from product p
        where p.barcode like '68%' and p.status = 'active'
          and not exists (select 1 from quote q where q.pharmacy_id = $1 and q.product_id = p.id)
        order by p.id limit $2`,
      [pharmacyId, rows - quoted.rows.length],
    );
    const picked = [...quoted.rows, ...fresh.rows];
    if (picked.length < rows) throw new Error(`only ${picked.length} products to quote, ${rows} wanted`);
    // interleave updates and new quotes, as a real price list mixes them
    const out = [];
    for (let i = 0; i < Math.max(quoted.rows.length, fresh.rows.length); i++) {
      if (i < quoted.rows.length) out.push(quoted.rows[i]);
      if (i < fresh.rows.length) out.push(fresh.rows[i]);
    }
    return out;
  } finally {
    await client.end();
  }
}

/**
 * Writes the quote file with exceljs's streaming writer and shared strings, as Excel saves it: 批准文号 only, 条码 only,
 * or both; prices with cents, an original price on two rows in three, stock, and a 上架状态 on most rows.
 */
export async function writeQuoteXlsx(file, products, headers) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const sheet = wb.addWorksheet('报价信息');
  sheet.addRow(headers).commit();
  products.forEach((p, i) => {
    const yuan = 5 + (i % 300);
    const match = i % 4;
    sheet
      .addRow([
        match === 2 ? '' : p.approval_no,
        // a few approval numbers of the large set are also the demo catalogue's: the barcode tells those apart
        match >= 2 || p.shared_approval ? p.barcode : '',
        `${p.name} ${p.spec}`,
        `${yuan}.${String(i % 100).padStart(2, '0')}`,
        i % 3 === 0 ? '' : `${yuan + 3}.00`,
        i % 800,
        i % 10 === 0 ? '下架' : i % 10 === 1 ? '' : '上架',
      ])
      .commit();
  });
  sheet.commit();
  await wb.commit();
}

async function json(res, what) {
  const body = await res.json().catch(() => null);
  if (!res.ok || body?.code !== 0)
    throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(body)?.slice(0, 500)}`);
  return body.data;
}

/**
 * Generates the file, previews and applies it against `baseUrl` as `token` in pharmacy `pharmacyId`, sampling the
 * RSS of process `pid` and its descendants every 100 ms. Returns seconds and MB.
 */
export async function measureQuoteImport({
  baseUrl,
  databaseUrl,
  token,
  pharmacyId,
  pid,
  log = () => {},
  rows = 20_000,
}) {
  const headers = { Auth: token, pharmacyid: String(pharmacyId) };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-quote-import-'));
  try {
    const file = path.join(dir, 'quotes.xlsx');
    log(`quote import: writing a ${rows}-row xlsx for pharmacy ${pharmacyId}`);
    await writeQuoteXlsx(
      file,
      await pickProducts(databaseUrl, pharmacyId, rows),
      await templateHeaders(baseUrl, headers),
    );
    const bytes = (await stat(file)).size;

    const rest = [];
    for (let i = 0; i < 5; i++) {
      rest.push(processTreeRssMb(pid));
      await new Promise((r) => setTimeout(r, 100));
    }
    const baseline = Math.min(...rest);
    let peak = Math.max(...rest);
    const sampler = setInterval(() => {
      peak = Math.max(peak, processTreeRssMb(pid));
    }, 100);
    try {
      log(`quote import: preview (${(bytes / 1024 / 1024).toFixed(1)} MB upload)`);
      const form = new FormData();
      form.append('file', await openAsBlob(file), 'quotes.xlsx');
      const t0 = performance.now();
      const preview = await json(
        await fetch(`${baseUrl}/api/v1/pharmacy/quote/import/preview`, { method: 'POST', headers, body: form }),
        'quote preview',
      );
      const t1 = performance.now();
      const { report } = preview;
      if (report.total !== rows || report.invalid !== 0) {
        throw new Error(
          `quote preview: expected ${rows} valid rows, got ${JSON.stringify({ ...report, rows: undefined, errors: report.errors.slice(0, 5) })}`,
        );
      }
      log('quote import: apply');
      const applied = await json(
        await fetch(`${baseUrl}/api/v1/pharmacy/quote/import`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ upload_id: preview.upload_id, only_valid: false }),
        }),
        'quote apply',
      );
      const t2 = performance.now();
      if (applied.created + applied.updated !== rows) {
        throw new Error(`quote apply: wrote ${applied.created} + ${applied.updated} of ${rows}`);
      }
      peak = Math.max(peak, processTreeRssMb(pid));
      return {
        rows,
        created: applied.created,
        updated: applied.updated,
        file_mb: +(bytes / 1024 / 1024).toFixed(1),
        preview_s: +((t1 - t0) / 1000).toFixed(2),
        apply_s: +((t2 - t1) / 1000).toFixed(2),
        total_s: +((t2 - t0) / 1000).toFixed(2),
        peak_rss_mb: peak,
        baseline_rss_mb: baseline,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Standalone: node bench/quote-import.mjs

async function waitFor(url, seconds = 120) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function standalone() {
  const log = (...a) => console.log('[bench:quote-import]', ...a);
  const port = Number(process.env.QUOTE_IMPORT_PORT ?? 3212);
  let pgDir;
  let server;
  let dataDir;
  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    }
    server = undefined;
    if (pgDir) execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop', pgDir], { cwd: root, stdio: 'inherit' });
    pgDir = undefined;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  };
  process.on('SIGINT', () => {
    stop().finally(() => process.exit(130));
  });
  try {
    const env = Object.fromEntries(
      execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { cwd: root })
        .toString()
        .trim()
        .split('\n')
        .map((line) => line.replace(/^export /, '').split('=')),
    );
    pgDir = env.PG_THROWAWAY_DIR;
    const databaseUrl = env.TEST_DATABASE_URL;
    log('PostgreSQL at', databaseUrl);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-quote-import-data-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: process.env.NODE_OPTIONS_SERVER ?? '',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${baseUrl}/healthz`);
    log('loading the large data set');
    await seedLarge(databaseUrl, (line) => log(line.trim()));
    const { token, pharmacyId, phone } = await benchStaffSession(databaseUrl, baseUrl);
    log(`signed in as ${phone}, pharmacy_admin of pharmacy ${pharmacyId}`);
    const result = await measureQuoteImport({
      baseUrl,
      databaseUrl,
      token,
      pharmacyId,
      pid: server.pid,
      log,
      rows: Number(process.env.QUOTE_IMPORT_ROWS ?? 20_000),
    });
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `quote import of ${result.rows} rows (${result.file_mb} MB xlsx; ${result.created} new, ${result.updated} updated): preview ${result.preview_s} s + apply ${result.apply_s} s = ${result.total_s} s; server RSS ${result.baseline_rss_mb} MB at rest, peak ${result.peak_rss_mb} MB`,
    );
  } finally {
    await stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await standalone();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
