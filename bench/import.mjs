// Medicine import at full size through the product's HTTP routes: a generated 50,000-row .xlsx in the template's
// columns is uploaded for preview (POST /api/v1/admin/product/import/preview, multipart) and then applied
// (POST /api/v1/admin/product/import {upload_id}), while the server's process-tree RSS is sampled every 100 ms.
//
//   import { measureImport } from './import.mjs'   -> used by bench/run.mjs against its running server
//   node bench/import.mjs                          -> standalone: its own throwaway PostgreSQL and product server
//
// Standalone environment: IMPORT_ROWS (default 50000), IMPORT_PORT (default 3211), NODE_OPTIONS_SERVER (extra
// node options for the server, e.g. "--trace-gc"; empty by default: Node's default heap settings).
import { execFileSync, spawn } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { processTreeRssMb } from './lib/rss.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The header row of the product's own template (GET admin/product/template), so the file always matches it. */
async function templateHeaders(baseUrl, token) {
  const res = await fetch(`${baseUrl}/api/v1/admin/product/template`, { headers: { Auth: token } });
  if (!res.ok) throw new Error(`template download: HTTP ${res.status}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()));
  return book.worksheets[0].getRow(1).values.slice(1).map(String);
}

const ean13 = (first12) => {
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Number(first12[k]) * (k % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
};

const generics = ['布洛芬缓释胶囊', '阿莫西林胶囊', '氨氯地平片', '板蓝根颗粒', '复方氨酚烷胺片', '二甲双胍缓释片'];
const forms = ['胶囊', '胶囊', '片剂', '颗粒', '片剂', '片剂'];
const makers = ['中美天津史克制药有限公司', '华北制药股份有限公司', '辉瑞制药有限公司', '白云山制药总厂'];
// leaf categories of the demo catalogue, and blanks
const categories = ['退烧镇痛', '抗生素', '降压药', '感冒用药', '', '降糖药'];
const indications = [
  '用于缓解轻至中度疼痛，如头痛、关节痛、偏头痛、牙痛、肌肉痛、神经痛、痛经；也用于普通感冒或流行性感冒引起的发热。',
  '适用于敏感菌所致的下列感染：中耳炎、鼻窦炎、咽炎、扁桃体炎等上呼吸道感染；泌尿生殖道感染；皮肤软组织感染。',
  '高血压，可单独使用或与其他抗高血压药物合用；慢性稳定性心绞痛及变异型心绞痛。',
  '清热解毒，凉血利咽。用于肺胃热盛所致的咽喉肿痛、口咽干燥、腮部肿胀；急性扁桃体炎、腮腺炎见上述证候者。',
];

/**
 * Writes an .xlsx of `rows` valid create-mode rows (unique names, 批准文号 and 条形码) under `headers` (the
 * template's) with exceljs's streaming writer and shared strings, as Excel saves it. `seed` shifts the codes so repeated runs on one database stay unique.
 */
export async function writeImportXlsx(file, rows, headers, seed = 0) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const sheet = wb.addWorksheet('药品信息');
  sheet.addRow(headers).commit();
  for (let i = 1; i <= rows; i++) {
    const n = seed * rows + i;
    const g = i % generics.length;
    const rx = i % 2 === 0;
    sheet
      .addRow([
        `${generics[g]}（批次${n}）`,
        generics[g],
        `${(i % 9) + 1}0mg*${(i % 4) * 6 + 12}${forms[g] === '颗粒' ? '袋' : '粒'}/盒`,
        forms[g],
        makers[i % makers.length],
        // J (imported repackaged): the demo and large data sets use H/Z/S
        `国药准字J${String(n % 100_000_000).padStart(8, '0')}`,
        // 67…: the demo catalogue's barcodes start with 69, the large data set's with 68
        ean13(`67${String(n).padStart(10, '0')}`),
        rx ? '处方药' : 'OTC',
        categories[i % categories.length],
        indications[i % indications.length],
        `口服。成人一次${(i % 3) + 1}${forms[g] === '颗粒' ? '袋' : '粒'}，一日${(i % 3) + 2}次，或遵医嘱。`,
        '对本品及其成分过敏者禁用；严重肝肾功能不全者禁用。',
        i % 5 === 0 ? '' : '偶见恶心、呕吐、胃部不适、头晕、皮疹等，停药后可自行消失。',
        '遮光，密封，在阴凉干燥处（不超过20℃）保存。',
      ])
      .commit();
  }
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
 * Generates the file, previews and applies it against `baseUrl` signed in with `token`, sampling the RSS of
 * process `pid` and its descendants every 100 ms. Returns seconds and MB.
 */
export async function measureImport({ baseUrl, token, pid, log = () => {}, rows = 50_000 }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  try {
    const file = path.join(dir, 'medicines.xlsx');
    // codes differ between runs, so measuring twice against one database stays valid for create mode
    const seed = Math.floor(Math.random() * 2000);
    log(`import: writing a ${rows}-row xlsx`);
    await writeImportXlsx(file, rows, await templateHeaders(baseUrl, token), seed);
    const bytes = (await stat(file)).size;

    // the server at rest: a few samples before anything is sent
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
      log(`import: preview (${(bytes / 1024 / 1024).toFixed(1)} MB upload)`);
      const form = new FormData();
      form.append('file', await openAsBlob(file), 'medicines.xlsx');
      form.append('mode', 'create');
      const t0 = performance.now();
      const preview = await json(
        await fetch(`${baseUrl}/api/v1/admin/product/import/preview`, {
          method: 'POST',
          headers: { Auth: token },
          body: form,
        }),
        'preview',
      );
      const t1 = performance.now();
      const { report } = preview;
      if (report.total !== rows || report.invalid !== 0) {
        throw new Error(
          `preview: expected ${rows} valid rows, got ${JSON.stringify({ ...report, rows: undefined, errors: report.errors.slice(0, 5) })}`,
        );
      }
      log('import: apply');
      const applied = await json(
        await fetch(`${baseUrl}/api/v1/admin/product/import`, {
          method: 'POST',
          headers: { Auth: token, 'content-type': 'application/json' },
          body: JSON.stringify({ upload_id: preview.upload_id, only_valid: false }),
        }),
        'apply',
      );
      const t2 = performance.now();
      if (applied.created !== rows) throw new Error(`apply: created ${applied.created} of ${rows}`);
      peak = Math.max(peak, processTreeRssMb(pid));
      return {
        rows,
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
// Standalone: node bench/import.mjs

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

export async function signIn(baseUrl, phone = '13800000007', password = 'Demo@12345') {
  const login = await fetch(`${baseUrl}/api/v1/user/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  }).then((r) => r.json());
  const token = login?.data?.token;
  if (!token) throw new Error(`import sign-in failed: ${JSON.stringify(login)}`);
  return token;
}

async function standalone() {
  const log = (...a) => console.log('[bench:import]', ...a);
  const port = Number(process.env.IMPORT_PORT ?? 3211);
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
    log('PostgreSQL at', env.TEST_DATABASE_URL);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-import-data-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: process.env.NODE_OPTIONS_SERVER ?? '',
        DATABASE_URL: env.TEST_DATABASE_URL,
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
    const token = await signIn(baseUrl);
    const result = await measureImport({
      baseUrl,
      token,
      pid: server.pid,
      log,
      rows: Number(process.env.IMPORT_ROWS ?? 50_000),
    });
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `import of ${result.rows} rows (${result.file_mb} MB xlsx): preview ${result.preview_s} s + apply ${result.apply_s} s = ${result.total_s} s; server RSS ${result.baseline_rss_mb} MB at rest, peak ${result.peak_rss_mb} MB`,
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
