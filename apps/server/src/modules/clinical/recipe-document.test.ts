import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RecipeStatistics, recipeStatuses } from '@pharmacy/shared';
import bwipjs from 'bwip-js/node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, doctor, pharmacyMember, session } from '../../db/schema/index';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { exactRatio } from './recipe-document.service';

let t: TestApp;
let p1: number;
let p3: number;
let patientId: number;
/** the demo doctor 张明远 and a second doctor */
let docA: { token: string; id: number };
let docB: { token: string; id: number };
let pharmacist: string;
let p3Pharmacist: string;
let productA: { id: number; name: string };
let productB: { id: number; name: string };

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows[0]!;
const get = (url: string, token: string, pharmacyId?: number) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token, pharmacyId) });

async function sessionFor(accountId: number) {
  const token = randomToken();
  await t.database.db
    .insert(session)
    .values({ accountId, tokenSha256: sha256Hex(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

async function newAccount(phone: string, name: string) {
  const [a] = await t.database.db
    .insert(account)
    .values({ phone, phoneUserId: `pu_${phone}`, name })
    .returning({ id: account.id });
  return a.id;
}

async function newDoctor(phone: string, name: string) {
  const accountId = await newAccount(phone, name);
  const [d] = await t.database.db
    .insert(doctor)
    .values({ accountId, hospital: '测试医院', department: '内科', title: '主治医师' })
    .returning({ id: doctor.id });
  return { token: await sessionFor(accountId), id: d.id };
}

async function newPharmacist(phone: string, pharmacyId: number) {
  const accountId = await newAccount(phone, '测试药师');
  await t.database.db.insert(pharmacyMember).values({ pharmacyId, accountId, role: 'pharmacist', permissions: [] });
  return sessionFor(accountId);
}

interface RecipeRow {
  doctorId: number;
  pharmacyId?: number;
  status?: (typeof recipeStatuses)[number];
  createdAt?: string;
  patientName?: string;
  items?: { product_id: number; name: string; qty: number }[];
  signatureUrl?: string;
  pharmacistPhone?: string;
  /** kg; null: no weight recorded */
  weightKg?: string | null;
}

let serial = 0;
/** A prescription inserted as SQL (the recipe part's POST is not needed for the document part). */
async function insertRecipe(r: RecipeRow) {
  serial += 1;
  const recipeNo = `RX${Date.now().toString().slice(-8)}${String(serial).padStart(4, '0')}`;
  const items = (r.items ?? [{ product_id: productA.id, name: productA.name, qty: 2 }]).map((i) => ({
    product_id: i.product_id,
    name: i.name,
    generic_name: i.name,
    spec: '0.25g×24粒',
    type: 'RX',
    manufacturer: '测试药业',
    dose_amount: '1',
    dose_unit: '粒',
    frequency: 'tid',
    route: '口服',
    days: 7,
    qty: i.qty,
  }));
  const status = r.status ?? 'pending_inspection';
  const decided = status === 'approved' || status === 'rejected';
  const pharmacistId = decided
    ? (await one<{ id: number }>(sql`select id from account where phone = ${r.pharmacistPhone ?? '13800000006'}`)).id
    : null;
  const created = r.createdAt ?? new Date().toISOString();
  const row = await one<{ id: number }>(sql`
    insert into recipe (recipe_no, doctor_id, pharmacy_id, account_id, patient_name, patient_gender, patient_age,
      patient_weight_kg, allergies, diagnoses, items, signature_url, status, pharmacist_id, inspected_at, created_at)
    values (${recipeNo}, ${r.doctorId}, ${r.pharmacyId ?? p1}, ${patientId}, ${r.patientName ?? '王晓梅'}, 'female', 36,
      ${r.weightKg === undefined ? '58.5' : r.weightKg}, ${sql`array['青霉素']::text[]`}, ${sql`array['急性上呼吸道感染']::text[]`}, ${JSON.stringify(items)}::jsonb,
      ${r.signatureUrl ?? ''}, ${status}, ${pharmacistId}, ${decided ? created : null}, ${created})
    returning id`);
  return { id: row.id, recipeNo, items };
}

async function pdfRead(pdf: Buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: { text: string; images: number; width: number; height: number }[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    const ops = await page.getOperatorList();
    const [, , width, height] = page.view;
    pages.push({
      text: content.items.map((item) => ('str' in item ? item.str : '')).join(''),
      images: ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length,
      width,
      height,
    });
  }
  return pages;
}

/** Code 128 symbols 0..105 as bar/space widths in modules (106, the stop, has a seventh bar). */
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232'
).split(' ');

/**
 * Reads a Code 128 barcode from one row of pixels (dark = bar): the run lengths in modules, symbol by symbol, the
 * check symbol verified; code sets A, B and C with their switches. Throws when the row is not a valid barcode.
 */
function decodeCode128(dark: boolean[]): string {
  const runs: number[] = [];
  let i = dark.indexOf(true);
  const end = dark.lastIndexOf(true);
  while (i <= end) {
    let j = i;
    while (j <= end && dark[j] === dark[i]) j++;
    runs.push(j - i);
    i = j;
  }
  // the start symbol's first six runs are 11 modules wide
  const module = runs.slice(0, 6).reduce((a, b) => a + b, 0) / 11;
  const widths = runs.map((r) => Math.round(r / module));
  const values: number[] = [];
  for (let k = 0; k + 6 <= widths.length; k += 6) {
    const pattern = widths.slice(k, k + 6).join('');
    const value = CODE128.indexOf(pattern);
    if (value < 0) {
      if (widths.slice(k).join('') === '2331112') break; // stop
      throw new Error(`not a Code 128 symbol at run ${k}: ${pattern}`);
    }
    values.push(value);
  }
  const [start, ...rest] = values;
  const check = rest.pop()!;
  const sum = rest.reduce((n, v, idx) => n + v * (idx + 1), start);
  if (sum % 103 !== check) throw new Error('Code 128 check symbol mismatch');
  let set = start === 103 ? 'A' : start === 104 ? 'B' : 'C';
  let out = '';
  for (const v of rest) {
    if (set === 'C') {
      if (v < 100) out += String(v).padStart(2, '0');
      else set = v === 100 ? 'B' : 'A';
    } else if (v === 99) set = 'C';
    else if (v === 100 && set === 'A') set = 'B';
    else if (v === 101 && set === 'B') set = 'A';
    else if (v < 96) out += set === 'B' ? String.fromCharCode(v + 32) : String.fromCharCode(v < 64 ? v + 32 : v - 64);
  }
  return out;
}

/** The first image painted on the first page (the barcode, drawn in the header), read back as Code 128. */
async function readBarcode(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const page = await doc.getPage(1);
  const ops = await page.getOperatorList();
  const at = ops.fnArray.indexOf(pdfjs.OPS.paintImageXObject);
  const name = ops.argsArray[at][0] as string;
  const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>((resolve) =>
    page.objs.get(name, resolve),
  );
  const y = Math.floor(image.height / 2);
  const dark: boolean[] = [];
  if (image.kind === pdfjs.ImageKind.GRAYSCALE_1BPP) {
    const rowBytes = Math.ceil(image.width / 8);
    for (let x = 0; x < image.width; x++) {
      dark.push(((image.data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1) === 0);
    }
  } else {
    // bwip-js draws black bars on a transparent ground: a bar is opaque and dark
    const rgba = image.kind === pdfjs.ImageKind.RGBA_32BPP;
    const channels = rgba ? 4 : 3;
    for (let x = 0; x < image.width; x++) {
      const p = (y * image.width + x) * channels;
      dark.push(image.data[p] < 128 && (!rgba || image.data[p + 3] >= 128));
    }
  }
  return decodeCode128(dark);
}

beforeAll(async () => {
  t = await createTestApp();
  p1 = (await one<{ id: number }>(sql`select id from pharmacy where name = '仁心大药房(上海浦东店)'`)).id;
  p3 = (await one<{ id: number }>(sql`select id from pharmacy where name = '康宁药房(北京朝阳店)'`)).id;
  patientId = (await one<{ id: number }>(sql`select id from account where phone = '13900000001'`)).id;
  const demoDoctor = await one<{ id: number }>(
    sql`select d.id from doctor d join account a on a.id = d.account_id where a.phone = '13800000005'`,
  );
  docA = { token: await t.login('13800000005'), id: demoDoctor.id };
  docB = await newDoctor('13700000501', '测试医生乙');
  pharmacist = await t.login('13800000006');
  p3Pharmacist = await newPharmacist('13700000502', p3);
  const products = (
    await queryRows<{ id: number; name: string }>(t.database.db, sql`select id, name from product order by id limit 3`)
  ).rows;
  [productA, productB] = products;
}, 120_000);
afterAll(() => t?.close());

describe('printable prescription (PDF)', () => {
  it('the doctor prints their own: A5, the patient, every item, the number and its barcode; the name stands in for an SVG signature', async () => {
    const r = await insertRecipe({
      doctorId: docA.id,
      status: 'approved',
      items: [
        { product_id: productA.id, name: productA.name, qty: 2 },
        { product_id: productB.id, name: productB.name, qty: 1 },
      ],
      signatureUrl: '/demo/signature/zhang.svg',
    });
    const res = await get(`/recipe/doctor/${r.id}/pdf`, docA.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`处方-${r.recipeNo}.pdf`);
    const [page, ...more] = await pdfRead(res.rawPayload);
    expect(more).toHaveLength(0);
    // A5 portrait: 148 × 210 mm
    expect(Math.round((page.width * 25.4) / 72)).toBe(148);
    expect(Math.round((page.height * 25.4) / 72)).toBe(210);
    for (const text of [
      '药房平台互联网医院',
      '处方笺',
      '普通处方',
      r.recipeNo,
      '王晓梅',
      '58.5kg',
      '青霉素',
      '急性上呼吸道感染',
      productA.name,
      productB.name,
      '每日3次',
      '张明远',
      '刘静怡',
      '审核通过',
      '仁心大药房(上海浦东店)',
    ]) {
      expect(page.text.replace(/\s+/g, '')).toContain(text.replace(/\s+/g, ''));
    }
    // the barcode is the one image (the SVG signature is written as the name)
    expect(page.images).toBe(1);
    // and it reads back as the prescription number
    expect(await readBarcode(res.rawPayload)).toBe(r.recipeNo);
  });

  it('a stored PNG signature is embedded beside the barcode; an unreadable one never fails the PDF', async () => {
    const png = await bwipjs.toBuffer({ bcid: 'code128', text: 'SIGN', scale: 2, height: 6 });
    mkdirSync(path.join(t.dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'uploads', 'signatureTestKey000000001.png'), png);
    writeFileSync(path.join(t.dataDir, 'uploads', 'signatureTestKey000000002.png'), Buffer.from('not a png'));
    const good = await insertRecipe({
      doctorId: docA.id,
      signatureUrl: '/api/v1/upload/signatureTestKey000000001.png',
      weightKg: null,
    });
    const [withImage] = await pdfRead((await get(`/recipe/doctor/${good.id}/pdf`, docA.token)).rawPayload);
    expect(withImage.images).toBe(2);
    expect(withImage.text).toContain('待审方');
    expect(withImage.text).not.toContain('体重');

    for (const signatureUrl of ['/api/v1/upload/signatureTestKey000000002.png', '/api/v1/upload/missing.png']) {
      const bad = await insertRecipe({ doctorId: docA.id, signatureUrl });
      const res = await get(`/recipe/doctor/${bad.id}/pdf`, docA.token);
      expect(res.statusCode).toBe(200);
      const [page] = await pdfRead(res.rawPayload);
      expect(page.images).toBe(1);
      expect(page.text).toContain('张明远');
    }
  });

  it('many items continue on a second page; the footer is on the last', async () => {
    const items = Array.from({ length: 14 }, (_, i) => ({
      product_id: productA.id,
      name: `测试药品${String(i + 1).padStart(2, '0')}`,
      qty: 1,
    }));
    const r = await insertRecipe({ doctorId: docA.id, status: 'rejected', items });
    const pages = await pdfRead((await get(`/recipe/doctor/${r.id}/pdf`, docA.token)).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.map((p) => p.text).join('');
    for (const i of items) expect(all).toContain(i.name);
    expect(pages.at(-1)!.text).toContain('审核驳回');
    for (const p of pages) expect(p.text).toContain(r.recipeNo);
  });

  it('another doctor’s prescription answers 404 like a missing one', async () => {
    const r = await insertRecipe({ doctorId: docA.id });
    const other = await get(`/recipe/doctor/${r.id}/pdf`, docB.token);
    const missing = await get('/recipe/doctor/999999999/pdf', docB.token);
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json().msg).toBe(missing.json().msg);
  });

  it('the pharmacist prints their pharmacy’s prescriptions; another pharmacy’s answers 404', async () => {
    const mine = await insertRecipe({ doctorId: docB.id, pharmacyId: p1, patientName: '赵一鸣' });
    const theirs = await insertRecipe({ doctorId: docB.id, pharmacyId: p3 });
    const ok = await get(`/recipe/pharmacist/${mine.id}/pdf`, pharmacist, p1);
    expect(ok.statusCode).toBe(200);
    const [page] = await pdfRead(ok.rawPayload);
    expect(page.text).toContain('赵一鸣');
    expect(page.text).toContain(mine.recipeNo);
    expect(page.text).toContain('测试医生乙');

    expect((await get(`/recipe/pharmacist/${theirs.id}/pdf`, pharmacist, p1)).statusCode).toBe(404);
    expect((await get(`/recipe/pharmacist/${mine.id}/pdf`, p3Pharmacist, p3)).statusCode).toBe(404);
    expect((await get(`/recipe/pharmacist/${theirs.id}/pdf`, p3Pharmacist, p3)).statusCode).toBe(200);
  });
});

describe('statistics', () => {
  it('equals counts computed from the rows inserted: by status, per Shanghai day, top drugs, approval rate, items', async () => {
    const doc = await newDoctor('13700000503', '统计医生');
    // Shanghai days: 2026-03-01 00:30 in Shanghai is 2026-02-28 16:30Z
    const rows: RecipeRow[] = [
      { doctorId: doc.id, status: 'approved', createdAt: '2026-02-28T16:30:00Z' }, // 03-01
      {
        doctorId: doc.id,
        status: 'approved',
        createdAt: '2026-03-01T10:00:00Z',
        items: [
          { product_id: productA.id, name: productA.name, qty: 3 },
          { product_id: productB.id, name: productB.name, qty: 5 },
        ],
      }, // 03-01
      { doctorId: doc.id, status: 'rejected', createdAt: '2026-03-01T15:59:59Z' }, // 03-01
      {
        doctorId: doc.id,
        status: 'pending_inspection',
        createdAt: '2026-03-01T16:00:00Z',
        items: [{ product_id: productB.id, name: productB.name, qty: 4 }],
      }, // 03-02
      { doctorId: doc.id, status: 'void', createdAt: '2026-03-02T12:00:00Z' }, // 03-02 (void: no lines)
      { doctorId: doc.id, status: 'approved', createdAt: '2026-03-03T01:00:00Z' }, // 03-03
      { doctorId: doc.id, status: 'approved', createdAt: '2026-02-28T15:59:59Z' }, // 02-28: outside
      { doctorId: doc.id, status: 'approved', createdAt: '2026-03-03T16:00:00Z' }, // 03-04: outside
      { doctorId: docB.id, status: 'approved', createdAt: '2026-03-02T01:00:00Z' }, // another doctor's
    ];
    const inserted = [];
    for (const r of rows) inserted.push({ ...r, ...(await insertRecipe(r)) });
    await t.database.db.execute(sql`
      insert into consultation_request (pharmacy_id, account_id, doctor_id, status, created_at) values
        (${p1}, ${patientId}, ${doc.id}, 'prescribed', '2026-03-01T02:00:00Z'),
        (${p1}, ${patientId}, ${doc.id}, 'prescribed', '2026-03-02T02:00:00Z'),
        (${p1}, ${patientId}, ${doc.id}, 'pending', '2026-03-02T03:00:00Z'),
        (${p1}, ${patientId}, ${doc.id}, 'rejected', '2026-03-03T03:00:00Z'),
        (${p1}, ${patientId}, ${doc.id}, 'pending', '2026-03-05T03:00:00Z'),
        (${p1}, ${patientId}, ${docB.id}, 'prescribed', '2026-03-02T03:00:00Z')`);

    const res = await get('/recipe/statistics?date_from=2026-03-01&date_to=2026-03-03', doc.token);
    expect(res.statusCode).toBe(200);
    const s: RecipeStatistics = res.json().data;

    // independently: the doctor's rows whose Shanghai day is in the range
    const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);
    const inRange = inserted.filter((r) => {
      const day = shanghaiDay(r.createdAt!);
      return r.doctorId === doc.id && day >= '2026-03-01' && day <= '2026-03-03';
    });
    const count = (status: string) => inRange.filter((r) => r.status === status).length;
    expect(s.date_from).toBe('2026-03-01');
    expect(s.date_to).toBe('2026-03-03');
    expect(s.by_status).toEqual(recipeStatuses.map((status) => ({ status, count: count(status) })));
    expect(s.summary.written).toBe(inRange.length);
    expect(s.summary.inspected).toBe(count('approved') + count('rejected'));
    expect(s.summary.approval_rate).toBe('75.00'); // 3 of 4
    const live = inRange.filter((r) => r.status !== 'void');
    const lines = live.reduce((n, r) => n + r.items.length, 0);
    expect(s.summary.item_lines).toBe(lines);
    expect(s.summary.avg_items).toBe(exactRatio(lines, live.length)); // 6 / 5 = 1.20
    expect(s.summary.avg_items).toBe('1.20');

    expect(s.days.map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    for (const d of s.days) {
      const of = inRange.filter((r) => shanghaiDay(r.createdAt!) === d.date);
      expect(d).toEqual({
        date: d.date,
        written: of.length,
        approved: of.filter((r) => r.status === 'approved').length,
        rejected: of.filter((r) => r.status === 'rejected').length,
      });
    }

    // top drugs: lines then quantity over the non-void rows
    const tally = new Map<number, { lines: number; qty: number }>();
    for (const r of live)
      for (const i of r.items) {
        const x = tally.get(i.product_id) ?? { lines: 0, qty: 0 };
        tally.set(i.product_id, { lines: x.lines + 1, qty: x.qty + i.qty });
      }
    const expected = [...tally.entries()]
      .sort(([ia, a], [ib, b]) => b.lines - a.lines || b.qty - a.qty || ia - ib)
      .map(([product_id, x]) => ({ product_id, ...x }));
    expect(s.top_drugs.map(({ product_id, lines, qty }) => ({ product_id, lines, qty }))).toEqual(expected);
    expect(s.top_drugs[0].name).toBe(productA.name);

    expect(s.consultations.received).toBe(4);
    expect(s.consultations.prescribed).toBe(2);
    expect(s.consultations.by_status.find((c) => c.status === 'pending')!.count).toBe(1);
  });

  it('defaults to the last 30 Shanghai days; a doctor with none gets zeros and no rate', async () => {
    const doc = await newDoctor('13700000504', '新医生');
    const res = await get('/recipe/statistics', doc.token);
    expect(res.statusCode).toBe(200);
    const s: RecipeStatistics = res.json().data;
    expect(s.days).toHaveLength(30);
    expect(s.days.every((d) => d.written === 0)).toBe(true);
    expect(s.summary).toMatchObject({ written: 0, approval_rate: null, avg_items: null });
    expect(s.top_drugs).toEqual([]);
  });

  it('refuses a reversed range and one longer than a year with a Chinese message', async () => {
    const reversed = await get('/recipe/statistics?date_from=2026-03-05&date_to=2026-03-01', docA.token);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('结束日期不能早于开始日期');
    const long = await get('/recipe/statistics?date_from=2025-01-01&date_to=2026-01-02', docA.token);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('统计时间范围不能超过 366 天');
    const year = await get('/recipe/statistics?date_from=2025-01-01&date_to=2026-01-01', docA.token);
    expect(year.statusCode).toBe(200);
    expect(year.json().data.days).toHaveLength(366);
    const bad = await get('/recipe/statistics?date_from=2026-02-30', docA.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/日期/);
  });

  it('a pharmacist or another role is not a doctor: 403', async () => {
    expect((await get('/recipe/statistics', pharmacist, p1)).statusCode).toBe(403);
  });
});

describe('exactRatio', () => {
  it('rounds half up in integers', () => {
    expect(exactRatio(6, 7, 100)).toBe('85.71');
    expect(exactRatio(2, 3, 100)).toBe('66.67');
    expect(exactRatio(1, 8, 100)).toBe('12.50');
    expect(exactRatio(1, 200)).toBe('0.01'); // 0.005 → 0.01
    expect(exactRatio(0, 5, 100)).toBe('0.00');
    expect(exactRatio(5, 5, 100)).toBe('100.00');
    expect(exactRatio(1, 0)).toBeNull();
  });
});
