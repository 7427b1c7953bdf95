import {
  inspectionRejectLabel,
  type PlatformCensus,
  type PublicDoctor,
  type recipeStatuses,
  shanghaiToday,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, adminProfile, doctor } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { exactRatio } from '../../lib/recipe-census';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let operator: string;
let reportOnly: string;
let doctorToken: string;
let shopToken: string;
let p1: number;
let p2: number;
let patientId: number;
let pharmacistId: number;
let docA: number;
let docB: number;
/** product ids and names of three real catalogue products */
let drugs: { id: number; name: string }[];

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const get = (url: string, token?: string, pharmacyId?: number) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token, pharmacyId) });
const census = async (qs: string): Promise<PlatformCensus> => {
  const res = await get(`/admin/recipe/census${qs}`, operator);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
};

let phoneSeq = 0;
async function newAccount(name: string, password = false) {
  phoneSeq += 1;
  const phone = `1370006${String(phoneSeq).padStart(4, '0')}`;
  const [row] = await t.database.db
    .insert(account)
    .values({
      phone,
      phoneUserId: `pu_${phone}`,
      name,
      ...(password ? { passwordHash: await hashPassword(DEMO_PASSWORD) } : {}),
    })
    .returning({ id: account.id });
  return { id: row.id, phone };
}

async function newDoctor(name: string, extra: Partial<typeof doctor.$inferInsert> = {}) {
  const a = await newAccount(name);
  const [d] = await t.database.db
    .insert(doctor)
    .values({ accountId: a.id, hospital: '上海市第一人民医院', department: '全科', title: '主治医师', ...extra })
    .returning({ id: doctor.id });
  return { id: d.id, accountId: a.id };
}

interface Fixture {
  doctorId: number;
  pharmacyId: number;
  status: (typeof recipeStatuses)[number];
  createdAt: string;
  /** [drug index, qty] */
  items?: [number, number][];
  rejectCode?: string;
}

let serial = 0;
/** A prescription and, when decided, its inspection row, as SQL (what the clinical module writes). */
async function insertRecipe(f: Fixture) {
  serial += 1;
  const items = (f.items ?? [[0, 1]]).map(([d, qty]) => ({
    product_id: drugs[d].id,
    name: drugs[d].name,
    spec: '规格',
    qty,
  }));
  const decided = f.status === 'approved' || f.status === 'rejected';
  const [row] = await rows<{ id: number }>(sql`
    insert into recipe (recipe_no, doctor_id, pharmacy_id, account_id, patient_name, items, status, pharmacist_id,
      inspected_at, reject_code, created_at)
    values (${`RXC${String(serial).padStart(8, '0')}`}, ${f.doctorId}, ${f.pharmacyId}, ${patientId}, '王晓梅',
      ${JSON.stringify(items)}::jsonb, ${f.status}, ${decided ? pharmacistId : null}, ${decided ? f.createdAt : null},
      ${f.rejectCode ?? ''}, ${f.createdAt})
    returning id`);
  if (decided) {
    await t.database.db.execute(sql`
      insert into recipe_inspection (recipe_id, pharmacy_id, pharmacist_id, decision, reject_code, reason)
      values (${row.id}, ${f.pharmacyId}, ${pharmacistId}, ${f.status === 'approved' ? 'approve' : 'reject'},
        ${f.rejectCode ?? ''}, '')`);
  }
  return { ...f, id: row.id, items };
}

const shanghaiDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);

let fixtures: Awaited<ReturnType<typeof insertRecipe>>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('13800000007');
  doctorToken = await t.login('13800000005');
  shopToken = await t.login('13800000001');
  const reporter = await newAccount('投诉专员', true);
  await t.database.db.insert(adminProfile).values({ accountId: reporter.id, adminPermissions: ['report'] });
  reportOnly = await t.login(reporter.phone);
  [p1, p2] = (await rows<{ id: number }>(sql`select id from pharmacy order by id limit 2`)).map((r) => r.id);
  patientId = (await rows<{ id: number }>(sql`select id from account where phone = '13900000001'`))[0].id;
  pharmacistId = (await rows<{ id: number }>(sql`select id from account where phone = '13800000006'`))[0].id;
  drugs = await rows<{ id: number; name: string }>(sql`select id, name from product order by id limit 3`);
  docA = (await newDoctor('统计医生甲')).id;
  docB = (await newDoctor('统计医生乙')).id;

  // March 2021 (no demo prescription is that old). Shanghai days: 2021-03-01 00:00 is 2021-02-28T16:00Z.
  const list: Fixture[] = [
    { doctorId: docA, pharmacyId: p1, status: 'approved', createdAt: '2021-02-28T16:00:00Z', items: [[0, 3]] }, // 03-01
    {
      doctorId: docA,
      pharmacyId: p1,
      status: 'approved',
      createdAt: '2021-03-01T02:00:00Z',
      items: [
        [0, 2],
        [1, 10],
      ],
    }, // 03-01
    { doctorId: docA, pharmacyId: p1, status: 'rejected', createdAt: '2021-03-01T15:59:59Z', rejectCode: 'dosage' }, // 03-01
    { doctorId: docB, pharmacyId: p1, status: 'rejected', createdAt: '2021-03-02T01:00:00Z', rejectCode: 'dosage' }, // 03-02
    { doctorId: docB, pharmacyId: p2, status: 'rejected', createdAt: '2021-03-02T03:00:00Z', rejectCode: 'allergy' }, // 03-02
    {
      doctorId: docB,
      pharmacyId: p2,
      status: 'pending_inspection',
      createdAt: '2021-03-02T04:00:00Z',
      items: [[2, 4]],
    }, // 03-02
    { doctorId: docA, pharmacyId: p2, status: 'void', createdAt: '2021-03-02T05:00:00Z', items: [[2, 50]] }, // 03-02 void
    { doctorId: docB, pharmacyId: p2, status: 'approved', createdAt: '2021-03-03T15:59:59Z', items: [[1, 1]] }, // 03-03
    // outside the range on either side (a reject decision among them: not counted)
    { doctorId: docA, pharmacyId: p1, status: 'rejected', createdAt: '2021-02-28T15:59:59Z', rejectCode: 'other' }, // 02-28
    { doctorId: docB, pharmacyId: p1, status: 'approved', createdAt: '2021-03-03T16:00:00Z', items: [[1, 99]] }, // 03-04
  ];
  fixtures = [];
  for (const f of list) fixtures.push(await insertRecipe(f));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const RANGE = '?date_from=2021-03-01&date_to=2021-03-03';
const inRange = () =>
  fixtures.filter((f) => shanghaiDay(f.createdAt) >= '2021-03-01' && shanghaiDay(f.createdAt) <= '2021-03-03');

/** The figures expected of a set of fixtures, computed here from the rows inserted. */
function expectedFigures(set: { status: string }[]) {
  const n = (s: string) => set.filter((f) => f.status === s).length;
  const approved = n('approved');
  const rejected = n('rejected');
  return {
    written: set.length,
    inspected: approved + rejected,
    approved,
    rejected,
    pending_inspection: n('pending_inspection'),
    void: n('void'),
    approval_rate: exactRatio(approved, approved + rejected, 100),
    rejection_rate: exactRatio(rejected, approved + rejected, 100),
  };
}

describe('GET /admin/recipe/census', () => {
  it('equals the rows inserted: summary, Shanghai days, pharmacies, doctors, rates, reasons, top drugs by quantity', async () => {
    const s = await census(RANGE);
    const set = inRange();
    expect(set).toHaveLength(8);
    expect(s.date_from).toBe('2021-03-01');
    expect(s.date_to).toBe('2021-03-03');
    const live = set.filter((f) => f.status !== 'void');
    const lines = live.reduce((n, f) => n + f.items.length, 0);
    expect(s.summary).toEqual({
      ...expectedFigures(set),
      item_lines: lines,
      avg_items: exactRatio(lines, live.length),
      pharmacies: 2,
      doctors: 2,
    });
    // 3 approved, 3 rejected of 6 inspected
    expect(s.summary).toMatchObject({ approval_rate: '50.00', rejection_rate: '50.00', written: 8 });

    expect(s.days.map((d) => d.date)).toEqual(['2021-03-01', '2021-03-02', '2021-03-03']);
    for (const d of s.days) {
      expect(d).toEqual({ date: d.date, ...expectedFigures(set.filter((f) => shanghaiDay(f.createdAt) === d.date)) });
    }
    expect(s.days.map((d) => d.written)).toEqual([3, 4, 1]);

    // most written first: p2 has 4, p1 has 4 → ties by id
    const byPharmacy = [p1, p2]
      .map((id) => ({ id, set: set.filter((f) => f.pharmacyId === id) }))
      .sort((a, b) => b.set.length - a.set.length || a.id - b.id);
    expect(s.by_pharmacy).toEqual(
      byPharmacy.map(({ id, set: of }) => ({
        pharmacy_id: id,
        pharmacy_name: s.by_pharmacy.find((p) => p.pharmacy_id === id)!.pharmacy_name,
        ...expectedFigures(of),
      })),
    );
    const names = await rows<{ id: number; name: string }>(
      sql`select id, name from pharmacy where id in (${p1}, ${p2})`,
    );
    for (const p of s.by_pharmacy) expect(p.pharmacy_name).toBe(names.find((n) => n.id === p.pharmacy_id)!.name);

    const doctorA = s.by_doctor.find((d) => d.doctor_id === docA)!;
    expect(doctorA).toMatchObject({
      doctor_name: '统计医生甲',
      hospital: '上海市第一人民医院',
      department: '全科',
      title: '主治医师',
      ...expectedFigures(set.filter((f) => f.doctorId === docA)),
    });
    expect(doctorA).toMatchObject({ written: 4, approval_rate: '66.67', rejection_rate: '33.33' });
    expect(s.by_doctor.find((d) => d.doctor_id === docB)).toMatchObject(
      expectedFigures(set.filter((f) => f.doctorId === docB)),
    );

    // reasons: the reject decisions of recipe_inspection on the range's prescriptions
    const decisions = await rows<{ code: string; count: number }>(sql`
      select ri.reject_code as code, count(*)::int as count from recipe_inspection ri join recipe r on r.id = ri.recipe_id
      where ri.decision = 'reject' and r.id in (${sql.join(
        set.map((f) => sql`${f.id}`),
        sql`, `,
      )}) group by 1`);
    expect(s.reject_reasons).toEqual([
      { code: 'dosage', label: inspectionRejectLabel('dosage'), count: 2, share: '66.67' },
      { code: 'allergy', label: inspectionRejectLabel('allergy'), count: 1, share: '33.33' },
    ]);
    expect(
      s.reject_reasons.map(({ code, count }) => ({ code, count })).sort((a, b) => a.code.localeCompare(b.code)),
    ).toEqual(decisions.sort((a, b) => a.code.localeCompare(b.code)));
    expect(s.reject_reasons.reduce((n, r) => n + r.count, 0)).toBe(s.summary.rejected);

    // top drugs: quantity over the non-void prescriptions (the void one's 50 of drug 2 is left out)
    const tally = new Map<number, { lines: number; qty: number }>();
    for (const f of live)
      for (const i of f.items) {
        const x = tally.get(i.product_id) ?? { lines: 0, qty: 0 };
        tally.set(i.product_id, { lines: x.lines + 1, qty: x.qty + i.qty });
      }
    const expectedTop = [...tally.entries()]
      .sort(([ia, a], [ib, b]) => b.qty - a.qty || b.lines - a.lines || ia - ib)
      .map(([product_id, x]) => ({ product_id, ...x }));
    expect(s.top_drugs.map(({ product_id, lines, qty }) => ({ product_id, lines, qty }))).toEqual(expectedTop);
    // drug 1: 10 + 1 = 11 on 2 lines beats drug 0: 3 + 2 + 1 (the rejected one's default line) = 6 on 3 lines
    expect(s.top_drugs[0]).toMatchObject({ product_id: drugs[1].id, name: drugs[1].name, qty: 11, lines: 2 });
  });

  it('narrows to one pharmacy or one doctor', async () => {
    const set = inRange();
    const one = await census(`${RANGE}&pharmacy_id=${p2}`);
    expect(one.summary).toMatchObject(expectedFigures(set.filter((f) => f.pharmacyId === p2)));
    expect(one.by_pharmacy.map((p) => p.pharmacy_id)).toEqual([p2]);
    expect(one.reject_reasons).toEqual([
      { code: 'allergy', label: inspectionRejectLabel('allergy'), count: 1, share: '100.00' },
    ]);
    const doc = await census(`${RANGE}&doctor_id=${docA}`);
    expect(doc.summary).toMatchObject(expectedFigures(set.filter((f) => f.doctorId === docA)));
    expect(doc.by_doctor.map((d) => d.doctor_id)).toEqual([docA]);
    const both = await census(`${RANGE}&doctor_id=${docA}&pharmacy_id=${p2}`);
    expect(both.summary.written).toBe(1); // the void one
    expect(both.summary).toMatchObject({ void: 1, approval_rate: null, rejection_rate: null, avg_items: null });
    expect(both.top_drugs).toEqual([]);
  });

  it('reconciles with the raw recipe and recipe_inspection rows over the demo data (the last 30 days by default)', async () => {
    const s = await census('');
    const today = shanghaiToday();
    expect(s.date_to).toBe(today);
    expect(s.days).toHaveLength(30);
    const from = s.date_from;
    const day = sql`(created_at at time zone 'Asia/Shanghai')::date`;
    const [raw] = await rows<Record<string, number>>(sql`
      select count(*)::int as written,
             count(*) filter (where status = 'approved')::int as approved,
             count(*) filter (where status = 'rejected')::int as rejected,
             count(*) filter (where status = 'pending_inspection')::int as pending_inspection,
             count(*) filter (where status = 'void')::int as void
      from recipe where ${day} between ${from}::date and ${today}::date`);
    expect(raw.written).toBeGreaterThan(0); // the demo data has recent prescriptions
    expect(s.summary).toMatchObject({
      ...raw,
      inspected: raw.approved + raw.rejected,
      approval_rate: exactRatio(raw.approved, raw.approved + raw.rejected, 100),
      rejection_rate: exactRatio(raw.rejected, raw.approved + raw.rejected, 100),
    });
    const perPharmacy = await rows<{ pharmacy_id: number; written: number; rejected: number }>(sql`
      select pharmacy_id, count(*)::int as written, count(*) filter (where status = 'rejected')::int as rejected
      from recipe where ${day} between ${from}::date and ${today}::date group by 1 order by 2 desc, 1`);
    expect(s.by_pharmacy.map(({ pharmacy_id, written, rejected }) => ({ pharmacy_id, written, rejected }))).toEqual(
      perPharmacy,
    );
    expect(s.by_doctor.reduce((n, d) => n + d.written, 0)).toBe(raw.written);
    expect(s.days.reduce((n, d) => n + d.written, 0)).toBe(raw.written);
    const reasons = await rows<{ code: string; count: number }>(sql`
      select ri.reject_code as code, count(*)::int as count from recipe_inspection ri join recipe r on r.id = ri.recipe_id
      where ri.decision = 'reject' and (r.created_at at time zone 'Asia/Shanghai')::date between ${from}::date and ${today}::date
      group by 1 order by 2 desc, 1`);
    expect(s.reject_reasons.map(({ code, count }) => ({ code, count }))).toEqual(reasons);
    const qty = await rows<{ product_id: number; qty: number }>(sql`
      select (i->>'product_id')::int as product_id, sum((i->>'qty')::numeric)::int as qty
      from recipe r, jsonb_array_elements(r.items) i
      where r.status <> 'void' and (r.created_at at time zone 'Asia/Shanghai')::date between ${from}::date and ${today}::date
      group by 1 order by 2 desc limit 1`);
    if (qty.length) expect(s.top_drugs[0].qty).toBe(qty[0].qty);
  });

  it('refuses a reversed or too long range and bad ids with a Chinese message naming the field', async () => {
    const reversed = await get('/admin/recipe/census?date_from=2021-03-05&date_to=2021-03-01', operator);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('结束日期不能早于开始日期');
    const long = await get('/admin/recipe/census?date_from=2020-01-01&date_to=2021-01-01', operator);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('统计时间范围不能超过 366 天');
    const year = await get('/admin/recipe/census?date_from=2020-01-02&date_to=2021-01-01', operator);
    expect(year.statusCode).toBe(200);
    expect(year.json().data.days).toHaveLength(366);
    for (const bad of ['date_from=2021-02-30', 'pharmacy_id=abc', 'doctor_id=-1', 'pharmacy_id=99999999999']) {
      const res = await get(`/admin/recipe/census?${bad}`, operator);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg, bad).toMatch(/日期|ID/);
    }
    const unknown = await census(`${RANGE}&pharmacy_id=2147483647`);
    expect(unknown.summary.written).toBe(0);
  });

  it('needs the key all: signed out 401; an operator with only report, a doctor, a pharmacy owner 403', async () => {
    for (const url of ['/admin/recipe/census', '/admin/recipe/census/export']) {
      expect((await get(url)).statusCode).toBe(401);
      const refused = await get(url, reportOnly);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBeTruthy();
      expect((await get(url, doctorToken)).statusCode).toBe(403);
      expect((await get(url, shopToken, p1)).statusCode).toBe(403);
    }
  });
});

async function sheetOf(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows: out };
}

describe('GET /admin/recipe/census/export', () => {
  it('opens as a workbook: the pharmacy table of the range and a 合计 row; audited', async () => {
    const res = await get(`/admin/recipe/census/export${RANGE}&dimension=pharmacy`, operator);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      `处方统计-按药店-${shanghaiToday().replaceAll('-', '')}.xls`,
    );
    const s = await census(RANGE);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('处方统计按药店');
    expect(sheet.rows[0]).toEqual([
      '药店',
      '开具处方',
      '已审核',
      '审核通过',
      '审核驳回',
      '待审核',
      '已作废',
      '通过率',
      '驳回率',
    ]);
    const rate = (v: string | null) => (v === null ? '—' : `${v}%`);
    const line = (label: string, f: PlatformCensus['summary'] | PlatformCensus['by_pharmacy'][number]) => [
      label,
      f.written,
      f.inspected,
      f.approved,
      f.rejected,
      f.pending_inspection,
      f.void,
      rate(f.approval_rate),
      rate(f.rejection_rate),
    ];
    expect(sheet.rows.slice(1)).toEqual([
      ...s.by_pharmacy.map((p) => line(p.pharmacy_name, p)),
      line('合计', s.summary),
    ]);
    expect(res.headers['x-total-count']).toBe(String(s.by_pharmacy.length + 1));
    const [entry] = await rows<{ action: string; target: string }>(
      sql`select action, target from audit_log where action = 'census.export' order by id desc limit 1`,
    );
    expect(entry).toEqual({ action: 'census.export', target: 'recipe:census' });
  });

  it('by day and by doctor; a bad dimension is refused', async () => {
    const days = await sheetOf((await get(`/admin/recipe/census/export${RANGE}`, operator)).rawPayload);
    expect(days.rows.map((r) => r[0])).toEqual(['日期', '2021-03-01', '2021-03-02', '2021-03-03', '合计']);
    expect(days.rows.map((r) => r[1])).toEqual(['开具处方', 3, 4, 1, 8]);
    const doctors = await sheetOf(
      (await get(`/admin/recipe/census/export${RANGE}&dimension=doctor&doctor_id=${docB}`, operator)).rawPayload,
    );
    expect(doctors.rows[0].slice(0, 3)).toEqual(['医生', '医院 / 科室 / 职称', '开具处方']);
    expect(doctors.rows[1].slice(0, 3)).toEqual(['统计医生乙', '上海市第一人民医院 / 全科 / 主治医师', 4]);
    const bad = await get('/admin/recipe/census/export?dimension=month', operator);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('导出维度');
  });
});

describe('GET /mp/manager/doctor/list (public)', () => {
  it('lists active doctors without a session: name, title, hospital, department, a short intro, avatar or null', async () => {
    const longIntro = '从事全科临床工作二十年，擅长高血压、糖尿病等慢性病的长期管理与用药指导，'.repeat(3);
    const off = await newDoctor('停诊医生', { status: 'disabled' });
    const active = await rows<{ id: number; account_id: number }>(sql`
      select d.id, d.account_id from doctor d join account a on a.id = d.account_id
      where d.status = 'active' and a.status = 'active' order by d.id limit 12`);
    expect(active.length).toBeGreaterThan(1);
    // the first: a long intro and no head image; the second: a head image
    await t.database.db.execute(
      sql`update doctor set intro = ${longIntro}, title = '副主任医师' where id = ${active[0].id}`,
    );
    await t.database.db.execute(sql`update account set head_img_url = '' where id = ${active[0].account_id}`);
    await t.database.db.execute(
      sql`update account set head_img_url = '/demo/avatar-doctor.png' where id = ${active[1].account_id}`,
    );
    const res = await get('/mp/manager/doctor/list');
    expect(res.statusCode).toBe(200);
    const list: PublicDoctor[] = res.json().data;
    expect(list.map((d) => d.id)).toEqual(active.map((d) => d.id));
    expect(list.some((d) => d.id === off.id)).toBe(false);
    const demo = list.find((d) => d.name === '张明远')!;
    expect(demo).toBeTruthy();
    expect(Object.keys(demo).sort()).toEqual(
      ['avatar_url', 'department', 'hospital', 'id', 'intro', 'name', 'title'].sort(),
    );
    expect(res.body).not.toContain('13800000005');
    expect(list[0].intro).toBe(`${[...longIntro].slice(0, 60).join('')}…`);
    expect(list[0].avatar_url).toBeNull();
    expect(list[0].title).toBe('副主任医师');
    expect(list[1].avatar_url).toBe('/demo/avatar-doctor.png');
  });
});
