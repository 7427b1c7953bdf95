import { ErrorCode, liveDetailSchema, liveSummarySchema, liveViewerRowSchema } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';
import { LiveRepository } from './live.repository';
import { LiveService } from './live.service';

let t: TestApp;
let p1: number;
let p2: number;
let p3: number;
/** 13800000001: shop of pharmacies 1 and 2. */
let shop: string;
/** 13800000003: manager of pharmacy 1. */
let manager: string;
/** 13800000004: customer_service of pharmacy 1 (reads, cannot change). */
let cs: string;
/** 13800000006: pharmacist of pharmacy 1 (not in the broadcast set). */
let pharmacist: string;
/** pharmacy_admin of pharmacy 3 only. */
let otherAdmin: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, pharmacyId?: number, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token, pharmacyId),
    ...(payload ? { payload } : {}),
  });

const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

let phoneSeq = 0;
async function newAccount(name: string) {
  phoneSeq += 1;
  const phone = `1371234${String(phoneSeq).padStart(4, '0')}`;
  const r = await one<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name, password_hash)
      values (${phone}, ${`pu_${phone}`}, ${name}, ${await hashPassword(DEMO_PASSWORD)}) returning id`,
  );
  return { id: r.id, phone };
}

const hour = 3600_000;
const liveBody = (over: Record<string, unknown> = {}) => ({
  title: '高血压用药讲堂',
  lecturer: '刘静怡',
  intro: '讲讲降压药怎么吃',
  start_at: new Date(Date.now() + 24 * hour).toISOString(),
  end_at: new Date(Date.now() + 25 * hour).toISOString(),
  pull_url: 'https://live.example.com/a.m3u8',
  config: { chat_enabled: true, exam_enabled: true, replay_enabled: true, pass_score: 60 },
  ...over,
});

async function createLive(token: string, pharmacyId: number, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/live', token, pharmacyId, liveBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; status: string };
}

const flow = (id: number, action: string, token = manager, pharmacyId = p1) =>
  call('POST', `/live/${id}/flow`, token, pharmacyId, { action });

async function questionOf(pharmacyId: number, stem: string, sort = 0) {
  const r = await one<{ id: number }>(
    sql`insert into question (pharmacy_id, type, stem, options, answer, analysis, score)
      values (${pharmacyId}, 'single', ${stem},
        ${JSON.stringify([
          { key: 'A', text: `甲${sort}` },
          { key: 'B', text: `乙${sort}` },
        ])}::jsonb, '{A}', '解析', ${10 + sort}) returning id`,
  );
  return r.id;
}

const comboOf = async (pharmacyId: number) =>
  (await one<{ id: number }>(sql`select id from quote_set where pharmacy_id = ${pharmacyId} order by id limit 1`)).id;

const memberId = async (phone: string, pharmacyId: number) =>
  (
    await one<{ id: number }>(
      sql`select m.id from pharmacy_member m join account a on a.id = m.account_id
        where a.phone = ${phone} and m.pharmacy_id = ${pharmacyId}`,
    )
  ).id;

beforeAll(async () => {
  t = await createTestApp();
  [p1, p2, p3] = (await rows<{ id: number }>(sql`select id from pharmacy order by id`)).map((r) => r.id);
  shop = await t.login('13800000001');
  manager = await t.login('13800000003');
  cs = await t.login('13800000004');
  pharmacist = await t.login('13800000006');
  const other = await newAccount('他店管理员');
  await t.database.db.execute(
    sql`insert into pharmacy_member (pharmacy_id, account_id, role, permissions)
      values (${p3}, ${other.id}, 'pharmacy_admin', '{all}')`,
  );
  otherAdmin = await t.login(other.phone);
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('needs a session, a broadcast-set role, and a manage role to write', async () => {
    expect((await call('GET', '/live/list', undefined, p1)).statusCode).toBe(401);
    expect((await call('GET', '/live/list', pharmacist, p1)).statusCode).toBe(403);
    expect((await call('GET', '/live/list', cs, p1)).statusCode).toBe(200);
    expect((await call('POST', '/live', cs, p1, liveBody())).statusCode).toBe(403);
    expect((await call('GET', '/live/sync_targets', cs, p1)).statusCode).toBe(403);
    // a member of pharmacy 1 naming pharmacy 3
    expect((await call('GET', '/live/list', manager, p3)).statusCode).toBe(403);
  });
});

describe('create, read, update, list', () => {
  it('creates a draft, reads it back with its actions, and edits it', async () => {
    const created = await createLive(manager, p1, { title: '糖尿病饮食课' });
    const detail = liveDetailSchema.strict().parse(created);
    expect(detail).toMatchObject({
      status: 'draft',
      title: '糖尿病饮食课',
      actions: ['publish'],
      quote_set: null,
      periods: [],
      material_count: 0,
      share_count: 0,
      viewer_count: 0,
      question_count: 0,
      source_live_id: null,
      started_at: null,
    });
    expect(detail.config.exam_enabled).toBe(true);
    const read = await call('GET', `/live/${created.id}`, cs, p1);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(detail);

    const updated = await call('PUT', `/live/${created.id}`, manager, p1, liveBody({ title: '糖尿病饮食课（二）' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.title).toBe('糖尿病饮食课（二）');
    expect(updated.json().msg).toBe('已保存');
  });

  it('refuses bad input with Chinese messages naming the field', async () => {
    const start = new Date(Date.now() + hour).toISOString();
    const res = await call('POST', '/live', manager, p1, liveBody({ start_at: start, end_at: start }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('结束时间不能早于开始时间');
    const noTitle = await call('POST', '/live', manager, p1, liveBody({ title: ' ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().msg).toContain('请填写直播标题');
    const badUrl = await call('POST', '/live', manager, p1, liveBody({ pull_url: 'ftp://x' }));
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().msg).toContain('拉流地址');
  });

  it("answers another pharmacy's live exactly like a missing one", async () => {
    const theirs = await createLive(otherAdmin, p3, { title: '他店直播' });
    const missing = 2_000_000_000;
    for (const id of [theirs.id, missing]) {
      const reads: [Method, string, object?][] = [
        ['GET', `/live/${id}`],
        ['PUT', `/live/${id}`, liveBody()],
        ['DELETE', `/live/${id}`],
        ['POST', `/live/${id}/flow`, { action: 'publish' }],
        ['PUT', `/live/${id}/quote_set`, { quote_set_id: null }],
        ['GET', `/live/${id}/shares`],
        ['POST', `/live/${id}/shares`, { title: '分享' }],
        ['POST', `/live/${id}/sync`, { pharmacy_ids: [p2] }],
        ['GET', `/live/${id}/materials`],
        ['GET', `/live/${id}/user`],
        ['GET', `/live/${id}/user_stats`],
        ['GET', `/live/${id}/export`],
        ['GET', `/live/${id}/questions`],
        ['PUT', `/live/${id}/questions`, { question_ids: [] }],
      ];
      for (const [method, url, body] of reads) {
        const res = await call(method, url, shop, p1, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().msg, `${method} ${url}`).toBe('直播不存在');
      }
    }
    // untouched
    const still = await call('GET', `/live/${theirs.id}`, otherAdmin, p3);
    expect(still.json().data.status).toBe('draft');
    expect(still.json().data.title).toBe('他店直播');
  });

  it('lists newest start first with tab counts under the same filters (title, lecturer, Shanghai dates)', async () => {
    const at = (iso: string) => ({ start_at: iso, end_at: new Date(Date.parse(iso) + hour).toISOString() });
    // Shanghai days: 2030-03-01 00:30 +08 is 2030-02-28 in UTC; it belongs to 03-01
    const a = await createLive(manager, p1, {
      title: '列表测试甲',
      lecturer: '王讲师',
      ...at('2030-03-01T00:30:00+08:00'),
    });
    const b = await createLive(manager, p1, {
      title: '列表测试乙',
      lecturer: '李讲师',
      ...at('2030-03-02T10:00:00+08:00'),
    });
    const c = await createLive(manager, p1, {
      title: '列表测试丙',
      lecturer: '王讲师',
      ...at('2030-03-03T23:59:00+08:00'),
    });
    await createLive(otherAdmin, p3, { title: '列表测试丁', ...at('2030-03-02T10:00:00+08:00') });
    expect((await flow(b.id, 'publish')).statusCode).toBe(200);

    const list = async (qs: string) => {
      const res = await call('GET', `/live/list?${qs}`, cs, p1);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { list: { id: number }[]; total: number; counts: Record<string, number> };
    };
    const all = await list(`title=${encodeURIComponent('列表测试')}`);
    for (const row of all.list) liveSummarySchema.strict().parse(row);
    expect(all.list.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(all.counts).toEqual({ all: 3, draft: 2, scheduled: 1, live: 0, ended: 0 });
    expect(all.total).toBe(3);

    const drafts = await list(`title=${encodeURIComponent('列表测试')}&status=draft`);
    expect(drafts.list.map((r) => r.id)).toEqual([c.id, a.id]);
    expect(drafts.total).toBe(2);
    expect(drafts.counts.all).toBe(3);

    const wang = await list(`title=${encodeURIComponent('列表测试')}&lecturer=${encodeURIComponent('王')}`);
    expect(wang.list.map((r) => r.id)).toEqual([c.id, a.id]);
    expect(wang.counts).toEqual({ all: 2, draft: 2, scheduled: 0, live: 0, ended: 0 });

    const day1 = await list(`title=${encodeURIComponent('列表测试')}&date_from=2030-03-01&date_to=2030-03-01`);
    expect(day1.list.map((r) => r.id)).toEqual([a.id]);
    const from2 = await list(`title=${encodeURIComponent('列表测试')}&date_from=2030-03-02&date_to=2030-03-03`);
    expect(from2.list.map((r) => r.id)).toEqual([c.id, b.id]);

    const paged = await list(`title=${encodeURIComponent('列表测试')}&page=2&page_size=2`);
    expect(paged.list.map((r) => r.id)).toEqual([a.id]);
    expect(paged.total).toBe(3);

    const bad = await call('GET', '/live/list?date_from=2030-03-03&date_to=2030-03-01', cs, p1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('结束日期不能早于开始日期');
    // a title with LIKE's characters is taken literally
    expect((await list(`title=${encodeURIComponent('%')}`)).total).toBe(0);
  });
});

describe('the flow', () => {
  it('walks draft → scheduled → live → ended, each step guarded', async () => {
    const live = await createLive(manager, p1, { pull_url: '' });
    expect((await flow(live.id, 'start')).statusCode).toBe(409); // a draft does not start
    const published = await flow(live.id, 'publish');
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'scheduled', actions: ['withdraw', 'start'] });
    expect(published.json().msg).toBe('已发布');
    expect((await flow(live.id, 'publish')).json()).toMatchObject({
      code: 409000,
      msg: '直播状态已变化，请刷新后重试',
    });

    const noPull = await flow(live.id, 'start');
    expect(noPull.statusCode).toBe(400);
    expect(noPull.json().msg).toContain('开始直播前请填写拉流地址');

    expect((await flow(live.id, 'withdraw')).json().data.status).toBe('draft');
    await call('PUT', `/live/${live.id}`, manager, p1, liveBody({ pull_url: 'https://live.example.com/b.m3u8' }));
    expect((await flow(live.id, 'publish')).statusCode).toBe(200);
    const started = await flow(live.id, 'start');
    expect(started.statusCode).toBe(200);
    expect(started.json().data.status).toBe('live');
    expect(started.json().data.started_at).not.toBeNull();
    expect(started.json().data.actions).toEqual(['end']);
    expect((await flow(live.id, 'withdraw')).statusCode).toBe(409);
    const ended = await flow(live.id, 'end');
    expect(ended.json().data).toMatchObject({ status: 'ended', actions: [] });
    expect(Date.parse(ended.json().data.ended_at)).toBeGreaterThanOrEqual(Date.parse(started.json().data.started_at));
    expect((await flow(live.id, 'end')).statusCode).toBe(409);

    const bad = await flow(live.id, 'restart');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('操作不正确');
    // customer service may not run the flow
    expect((await flow(live.id, 'end', cs)).statusCode).toBe(403);
  });

  it('two concurrent starts: exactly one wins, the other is 409', async () => {
    const live = await createLive(manager, p1);
    await flow(live.id, 'publish');
    const results = await Promise.all([flow(live.id, 'start'), flow(live.id, 'start', shop)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await one<{ status: string }>(sql`select status from live where id = ${live.id}`);
    expect(row.status).toBe('live');
    // the winner alone is audited
    const audits = await rows<{ detail: { action: string; to: string } }>(
      sql`select detail from audit_log where action = 'live.flow' and target = ${`live:${live.id}`} order by id`,
    );
    expect(audits.map((a) => [a.detail.action, a.detail.to])).toEqual([
      ['publish', 'scheduled'],
      ['start', 'live'],
    ]);
  });

  it('deletes drafts only', async () => {
    const live = await createLive(manager, p1);
    await flow(live.id, 'publish');
    const refused = await call('DELETE', `/live/${live.id}`, manager, p1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('只能删除草稿状态的直播');
    await flow(live.id, 'withdraw');
    const material = await upload(live.id, [{ name: 'file', filename: 'a.pdf', content: PDF }]);
    const url: string = material.json().data.url;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const removed = await call('DELETE', `/live/${live.id}`, manager, p1);
    expect(removed.statusCode).toBe(200);
    // its materials and their files went with it
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await rows(sql`select 1 from live_material where live_id = ${live.id}`)).length).toBe(0);
    expect((await call('GET', `/live/${live.id}`, manager, p1)).statusCode).toBe(404);
    expect((await call('DELETE', `/live/${live.id}`, manager, p1)).statusCode).toBe(404);
  });
});

describe('the bound combo', () => {
  it("binds the pharmacy's own combo (pinned), refuses another's, unbinds", async () => {
    const live = await createLive(manager, p1);
    const mine = await comboOf(p1);
    const theirs = (
      await one<{ id: number }>(
        sql`insert into quote_set (pharmacy_id, name, price, status) values (${p3}, '他店套餐', '10.00', 'on_sale')
          returning id`,
      )
    ).id;
    const bound = await call('PUT', `/live/${live.id}/quote_set`, manager, p1, { quote_set_id: mine, pinned: true });
    expect(bound.statusCode, bound.body).toBe(200);
    const data = liveDetailSchema.strict().parse(bound.json().data);
    expect(data.quote_set_id).toBe(mine);
    expect(data.combo_pinned).toBe(true);
    expect(data.quote_set?.id).toBe(mine);
    expect(data.quote_set?.price).toMatch(/^\d+\.\d{2}$/);
    expect(data.quote_set?.items.length).toBeGreaterThan(0);
    expect(data.quote_set_name).toBe(data.quote_set?.name);

    const refused = await call('PUT', `/live/${live.id}/quote_set`, manager, p1, {
      quote_set_id: theirs,
      pinned: true,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe('套餐不存在');
    expect((await call('GET', `/live/${live.id}`, manager, p1)).json().data.quote_set_id).toBe(mine);

    const unbound = await call('PUT', `/live/${live.id}/quote_set`, manager, p1, { quote_set_id: null, pinned: true });
    expect(unbound.json().data).toMatchObject({ quote_set_id: null, quote_set: null, combo_pinned: false });
  });
});

describe('share cards', () => {
  it('adds, lists, edits and removes, inside the pharmacy only', async () => {
    const live = await createLive(manager, p1);
    const created = await call('POST', `/live/${live.id}/shares`, manager, p1, {
      title: '邀您一起听课',
      description: '高血压用药',
      image_url: '/api/v1/upload/x.png',
    });
    expect(created.statusCode, created.body).toBe(200);
    const share = created.json().data;
    expect(share).toMatchObject({ live_id: live.id, title: '邀您一起听课', enabled: true });
    expect((await call('POST', `/live/${live.id}/shares`, manager, p1, { title: '' })).statusCode).toBe(400);

    const listed = await call('GET', `/live/${live.id}/shares`, cs, p1);
    expect(listed.json().data).toEqual([share]);

    const edited = await call('PUT', `/live/shares/${share.id}`, manager, p1, { title: '新标题', enabled: false });
    expect(edited.json().data).toMatchObject({ id: share.id, title: '新标题', enabled: false, description: '' });
    // another pharmacy's staff: as missing
    expect((await call('PUT', `/live/shares/${share.id}`, otherAdmin, p3, { title: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/live/shares/${share.id}`, otherAdmin, p3)).statusCode).toBe(404);
    expect((await call('GET', `/live/${live.id}`, manager, p1)).json().data.share_count).toBe(1);

    expect((await call('DELETE', `/live/shares/${share.id}`, manager, p1)).statusCode).toBe(200);
    const gone = await call('DELETE', `/live/shares/${share.id}`, manager, p1);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('分享设置不存在');
  });
});

// -------------------------------------------------------------------------------------------- materials

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f9d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n');
/** A Compound File Binary header (the legacy .doc / .ppt / .xls container). */
const CFB = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1016)]);

async function xlsxBytes() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('讲义').addRow(['第一课', '降压药']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(parts: { name: string; filename?: string; content: Buffer | string }[]) {
  const boundary = `----live${Date.now()}${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (liveId: number, parts: Parameters<typeof multipart>[0], token = manager, pharmacyId = p1) => {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/live/${liveId}/materials`,
    headers: { ...headers(token, pharmacyId), 'content-type': contentType },
    payload,
  });
};

describe('materials', () => {
  it('stores PDF, Office documents and images by content, serves them, and removes them', async () => {
    const live = await createLive(manager, p1);
    const pdf = await upload(live.id, [
      { name: 'name', content: '第一课讲义' },
      { name: 'file', filename: 'lesson.pdf', content: PDF },
    ]);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().data).toMatchObject({ name: '第一课讲义', size: PDF.length, mime: 'application/pdf' });
    const xlsx = await xlsxBytes();
    const sheet = await upload(live.id, [{ name: 'file', filename: '用药表.xlsx', content: xlsx }]);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().data.name).toBe('用药表.xlsx');
    const doc = await upload(live.id, [{ name: 'file', filename: 'C:\\课件\\旧讲义.doc', content: CFB }]);
    expect(doc.statusCode, doc.body).toBe(200);
    expect(doc.json().data).toMatchObject({ name: '旧讲义.doc', mime: 'application/msword' });
    const png = await upload(live.id, [{ name: 'file', filename: 'slide.png', content: PNG }]);
    expect(png.statusCode, png.body).toBe(200);

    const list = await call('GET', `/live/${live.id}/materials`, cs, p1);
    expect(list.json().data.map((m: { id: number }) => m.id)).toEqual(
      [pdf, sheet, doc, png].map((r) => r.json().data.id),
    );
    expect((await call('GET', `/live/${live.id}`, cs, p1)).json().data.material_count).toBe(4);

    const url: string = doc.json().data.url;
    expect(url).toMatch(/^\/api\/v1\/upload\/[A-Za-z0-9_-]{24}\.doc$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/msword');
    expect(served.rawPayload.equals(CFB)).toBe(true);

    // another pharmacy cannot remove it
    expect((await call('DELETE', `/live/materials/${doc.json().data.id}`, otherAdmin, p3)).statusCode).toBe(404);
    const removed = await call('DELETE', `/live/materials/${doc.json().data.id}`, manager, p1);
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await call('DELETE', `/live/materials/${doc.json().data.id}`, manager, p1);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('资料不存在');
  });

  it('refuses files whose name and content disagree, other types, no file, and more than 20 MB', async () => {
    const live = await createLive(manager, p1);
    const xlsx = await xlsxBytes();
    for (const [filename, content] of [
      ['lesson.docx', xlsx],
      ['photo.pdf', PNG],
      ['setup.exe', PDF],
      ['notes.txt', Buffer.from('plain text')],
      ['slides.ppt', PDF],
      ['empty.pdf', Buffer.alloc(0)],
    ] as const) {
      const res = await upload(live.id, [{ name: 'file', filename, content }]);
      expect(res.statusCode, filename).toBe(415);
      expect(res.json().msg, filename).toContain('文件类型不支持或与内容不符');
    }
    const none = await upload(live.id, [{ name: 'name', content: '只有名字' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('请选择要上传的文件');
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await upload(live.id, [{ name: 'file', filename: 'big.pdf', content: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().msg).toBe('资料文件不能超过 20MB');
    expect((await upload(live.id, [{ name: 'file', filename: 'a.pdf', content: PDF }], cs)).statusCode).toBe(403);
    // another pharmacy's live: as missing, and nothing stored for it
    const theirs = await createLive(otherAdmin, p3);
    const foreign = await upload(theirs.id, [{ name: 'file', filename: 'a.pdf', content: PDF }]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('直播不存在');
    expect((await call('GET', `/live/${theirs.id}/materials`, otherAdmin, p3)).json().data).toEqual([]);
    expect((await call('GET', `/live/${live.id}/materials`, manager, p1)).json().data).toEqual([]);
  });
});

// -------------------------------------------------------------------------------------------- exam and sync

describe('the exam', () => {
  it("binds the pharmacy's questions in order, replacing the set in one go", async () => {
    const live = await createLive(manager, p1);
    const q1 = await questionOf(p1, '降压药应在何时服用？', 1);
    const q2 = await questionOf(p1, '漏服一次怎么办？', 2);
    const q3 = await questionOf(p1, '哪种食物要少吃？', 3);
    const theirs = await questionOf(p3, '他店题目');

    const bound = await call('PUT', `/live/${live.id}/questions`, manager, p1, { question_ids: [q3, q1, q2, q3] });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().data.map((q: { id: number; sort: number }) => [q.id, q.sort])).toEqual([
      [q3, 1],
      [q1, 2],
      [q2, 3],
    ]);
    expect(bound.json().data[0]).toMatchObject({ stem: '哪种食物要少吃？', live_count: 1, answer: ['A'] });

    const refused = await call('PUT', `/live/${live.id}/questions`, manager, p1, { question_ids: [q2, theirs] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe('题目不存在');
    const read = await call('GET', `/live/${live.id}/questions`, cs, p1);
    expect(read.json().data.map((q: { id: number }) => q.id)).toEqual([q3, q1, q2]);
    expect((await call('GET', `/live/${live.id}`, cs, p1)).json().data.question_count).toBe(3);

    const other = await createLive(manager, p1);
    await call('PUT', `/live/${other.id}/questions`, manager, p1, { question_ids: [q1] });
    const again = await call('GET', `/live/${live.id}/questions`, cs, p1);
    expect(again.json().data.find((q: { id: number }) => q.id === q1).live_count).toBe(2);

    const cleared = await call('PUT', `/live/${live.id}/questions`, manager, p1, { question_ids: [] });
    expect(cleared.json().data).toEqual([]);
    expect((await call('PUT', `/live/${live.id}/questions`, cs, p1, { question_ids: [q1] })).statusCode).toBe(403);
  });
});

describe("sync to the shop's other pharmacies", () => {
  it('lists the pharmacies the caller manages besides this one', async () => {
    const targets = await call('GET', '/live/sync_targets', shop, p1);
    expect(targets.json().data.map((p: { id: number }) => p.id)).toEqual([p2]);
    expect((await call('GET', '/live/sync_targets', manager, p1)).json().data).toEqual([]);
  });

  it('copies the live as a draft with its materials, share cards and exam (questions copied into the bank)', async () => {
    const live = await createLive(shop, p1, { title: '同步源直播', cover_url: '/api/v1/upload/cover.png' });
    await flow(live.id, 'publish', shop);
    await call('PUT', `/live/${live.id}/quote_set`, shop, p1, { quote_set_id: await comboOf(p1), pinned: true });
    await upload(live.id, [{ name: 'file', filename: 'a.pdf', content: PDF }], shop);
    await upload(live.id, [{ name: 'file', filename: 'b.png', content: PNG }], shop);
    await call('POST', `/live/${live.id}/shares`, shop, p1, { title: '分享甲', description: '描述' });
    const qa = await questionOf(p1, '同步题一', 1);
    const qb = await questionOf(p1, '同步题二', 2);
    await call('PUT', `/live/${live.id}/questions`, shop, p1, { question_ids: [qb, qa] });

    const refused = await call('POST', `/live/${live.id}/sync`, shop, p1, { pharmacy_ids: [p3] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('只能同步到您管理的其他药店');
    expect((await call('POST', `/live/${live.id}/sync`, shop, p1, { pharmacy_ids: [p1] })).statusCode).toBe(400);
    expect((await call('POST', `/live/${live.id}/sync`, shop, p1, { pharmacy_ids: [] })).statusCode).toBe(400);

    const synced = await call('POST', `/live/${live.id}/sync`, shop, p1, { pharmacy_ids: [p2] });
    expect(synced.statusCode, synced.body).toBe(200);
    const [created] = synced.json().data.created;
    expect(created.pharmacy_id).toBe(p2);
    expect(created.pharmacy_name).toContain('杭州');

    const source = (await call('GET', `/live/${live.id}`, shop, p1)).json().data;
    const copy = (await call('GET', `/live/${created.live_id}`, shop, p2)).json().data;
    expect(copy).toMatchObject({
      title: '同步源直播',
      cover_url: '/api/v1/upload/cover.png',
      status: 'draft',
      source_live_id: live.id,
      quote_set_id: null,
      combo_pinned: false,
      material_count: 2,
      share_count: 1,
      question_count: 2,
      start_at: source.start_at,
      pull_url: source.pull_url,
      config: source.config,
    });
    // not visible from pharmacy 1
    expect((await call('GET', `/live/${created.live_id}`, shop, p1)).statusCode).toBe(404);

    const srcMaterials = (await call('GET', `/live/${live.id}/materials`, shop, p1)).json().data;
    const copyMaterials = (await call('GET', `/live/${created.live_id}/materials`, shop, p2)).json().data;
    expect(copyMaterials.map((m: { name: string; url: string }) => [m.name, m.url])).toEqual(
      srcMaterials.map((m: { name: string; url: string }) => [m.name, m.url]),
    );
    const copyShares = (await call('GET', `/live/${created.live_id}/shares`, shop, p2)).json().data;
    expect(copyShares.map((s: { title: string; description: string }) => [s.title, s.description])).toEqual([
      ['分享甲', '描述'],
    ]);

    const exam = (await call('GET', `/live/${created.live_id}/questions`, shop, p2)).json().data;
    expect(exam.map((q: { stem: string; sort: number }) => [q.stem, q.sort])).toEqual([
      ['同步题二', 1],
      ['同步题一', 2],
    ]);
    expect(exam.every((q: { id: number }) => q.id !== qa && q.id !== qb)).toBe(true);
    expect(exam.every((q: { category_name: string }) => q.category_name === '同步题目')).toBe(true);
    const copied = await rows<{ pharmacy_id: number; options: unknown; answer: string[]; score: number }>(
      sql`select pharmacy_id, options, answer, score from question where id in (${exam[0].id}, ${exam[1].id})
        order by id`,
    );
    expect(copied.every((q) => q.pharmacy_id === p2)).toBe(true);
    expect(copied.map((q) => q.score).sort()).toEqual([11, 12]);

    // a second sync reuses the category, and removing the source's material keeps the copy's file
    const second = await call('POST', `/live/${live.id}/sync`, shop, p1, { pharmacy_ids: [p2, p2] });
    expect(second.json().data.created).toHaveLength(1);
    const categories = await rows<{ n: number }>(
      sql`select count(*)::int as n from question_category where pharmacy_id = ${p2} and name = '同步题目'`,
    );
    expect(categories[0]!.n).toBe(1);
    await call('DELETE', `/live/materials/${srcMaterials[0].id}`, shop, p1);
    expect((await t.app.inject({ method: 'GET', url: srcMaterials[0].url })).statusCode).toBe(200);
    expect((await call('POST', `/live/${live.id}/sync`, manager, p1, { pharmacy_ids: [p2] })).statusCode).toBe(400);
  });

  it('lists and syncs into active pharmacies only: a suspended or pending one the caller manages is refused', async () => {
    const owner = await newAccount('多店店主');
    const pharmacyOf = async (name: string, status: string) =>
      (
        await one<{ id: number }>(
          sql`insert into pharmacy (name, status, status_reason, owner_account_id)
            values (${name}, ${status}, ${status === 'suspended' ? '整改中' : ''}, ${owner.id}) returning id`,
        )
      ).id;
    const suspended = await pharmacyOf('同步测试药房(暂停店)', 'suspended');
    const pending = await pharmacyOf('同步测试药房(审核店)', 'pending');
    for (const id of [p1, p2, suspended, pending]) {
      await t.database.db.execute(
        sql`insert into pharmacy_member (pharmacy_id, account_id, role, permissions) values (${id}, ${owner.id}, 'shop', '{}')`,
      );
    }
    const token = await t.login(owner.phone);

    // read: only the active one
    const targets = await call('GET', '/live/sync_targets', token, p1);
    expect(targets.statusCode, targets.body).toBe(200);
    expect(targets.json().data).toEqual([{ id: p2, name: expect.any(String) }]);

    // write: the same rule, with the reason, before anything is copied (the active target listed first too)
    const live = await createLive(token, p1, { title: '只同步到营业中的药店' });
    const copies = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from live where source_live_id = ${live.id}`))[0]!.n;
    const toSuspended = await call('POST', `/live/${live.id}/sync`, token, p1, { pharmacy_ids: [p2, suspended] });
    expect(toSuspended.statusCode).toBe(400);
    expect(toSuspended.json()).toMatchObject({
      code: ErrorCode.BAD_PARAMS,
      msg: 'pharmacy_ids 不能同步到「同步测试药房(暂停店)」：该药店已被暂停营业',
    });
    const toPending = await call('POST', `/live/${live.id}/sync`, token, p1, { pharmacy_ids: [pending] });
    expect(toPending.statusCode).toBe(400);
    expect(toPending.json().msg).toBe('pharmacy_ids 不能同步到「同步测试药房(审核店)」：该药店入驻申请审核中');
    expect(await copies()).toBe(0);

    // suspended after the caller's session was read: the copy's transaction re-reads the status and refuses
    const service = new LiveService(new LiveRepository(t.database.db));
    const stale = [
      { pharmacy_id: suspended, role: 'shop' as const, name: '同步测试药房(暂停店)', status: 'active' as const },
    ];
    await expect(service.sync(p1, live.id, [suspended], stale, owner.id)).rejects.toMatchObject({
      statusCode: 400,
      msg: 'pharmacy_ids 不能同步到「同步测试药房(暂停店)」：该药店已被暂停营业',
    });
    expect(await copies()).toBe(0);

    // resumed: listed and synced again
    await t.database.db.execute(sql`update pharmacy set status = 'active', status_reason = '' where id = ${suspended}`);
    const after = await call('GET', '/live/sync_targets', token, p1);
    expect(
      after
        .json()
        .data.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([p2, suspended].sort());
    const synced = await call('POST', `/live/${live.id}/sync`, token, p1, { pharmacy_ids: [p2, suspended] });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(await copies()).toBe(2);
  });
});

// -------------------------------------------------------------------------------------------- viewers and figures

describe('viewers, figures and export', () => {
  let liveId: number;
  let combo: number;
  let a: { id: number; phone: string };
  let b: { id: number; phone: string };
  let c: { id: number; phone: string };

  async function order(accountId: number, status: string, amount: string, createdAt: Date, withCombo = true) {
    const o = await one<{ id: number }>(
      sql`insert into orders (order_no, pharmacy_id, account_id, status, goods_amount, pay_amount, receiver_name,
          receiver_phone, province, city, address_detail, quote_set_id, created_at)
        values (${`LS${Date.now()}${Math.random().toString().slice(2, 8)}`}, ${p1}, ${accountId}, ${status},
          ${amount}, ${amount}, '收货人', '13900000001', '浙江省', '杭州市', '文三路 1 号',
          ${withCombo ? combo : null}, ${createdAt.toISOString()})
        returning id`,
    );
    await t.database.db.execute(
      sql`insert into order_item (order_id, quote_set_id, name, product_type, price, qty, subtotal)
        values (${o.id}, ${withCombo ? combo : null}, '套餐', ${withCombo ? 'COMBO' : 'OTC'}, ${amount}, 1, ${amount})`,
    );
  }

  beforeAll(async () => {
    combo = await comboOf(p1);
    const live = await createLive(manager, p1, { title: '观看数据直播' });
    liveId = live.id;
    await call('PUT', `/live/${liveId}/quote_set`, manager, p1, { quote_set_id: combo, pinned: false });
    await flow(liveId, 'publish');
    await flow(liveId, 'start');
    a = await newAccount('观众甲');
    b = await newAccount('观众乙');
    c = await newAccount('答题丙');
    const d = await newAccount('报名丁');
    const now = Date.now();
    const watch = (accountId: number, day: string, seconds: number, last: Date) =>
      t.database.db.execute(
        sql`insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at)
          values (${p1}, ${liveId}, ${accountId}, ${day}, ${seconds}, ${seconds / 5},
            ${new Date(last.getTime() - seconds * 1000).toISOString()}, ${last.toISOString()})`,
      );
    await watch(a.id, '2026-11-20', 300, new Date(now - 3 * 24 * hour));
    await watch(a.id, '2026-11-21', 120, new Date(now - 2000));
    await watch(b.id, '2026-11-21', 60, new Date(now - hour));
    await t.database.db.execute(
      sql`insert into live_exam_result (pharmacy_id, live_id, account_id, score, total_score, correct_count,
          question_count)
        values (${p1}, ${liveId}, ${a.id}, 80, 100, 8, 10), (${p1}, ${liveId}, ${c.id}, 45, 100, 4, 10)`,
    );
    // a column with two periods: the earlier one (not binding this live) names the manager as a's inviter
    const column = await one<{ id: number }>(
      sql`insert into live_column (pharmacy_id, kind, title) values (${p1}, 'pharmacy', '慢病课堂') returning id`,
    );
    const period = async (name: string) =>
      (
        await one<{ id: number }>(
          sql`insert into column_period (pharmacy_id, column_id, name, start_at, end_at)
            values (${p1}, ${column.id}, ${name}, now(), now() + interval '30 days') returning id`,
        )
      ).id;
    const early = await period('第一期');
    const bound = await period('第二期');
    await t.database.db.execute(
      sql`insert into column_period_live (pharmacy_id, period_id, live_id, sort) values (${p1}, ${bound}, ${liveId}, 1)`,
    );
    const mgr = await memberId('13800000003', p1);
    const service = await memberId('13800000004', p1);
    await t.database.db.execute(
      sql`insert into live_enrollment (pharmacy_id, period_id, account_id, source, inviter_member_id, created_at) values
        (${p1}, ${early}, ${a.id}, 'invite', ${mgr}, now() - interval '10 days'),
        (${p1}, ${bound}, ${a.id}, 'invite', ${service}, now() - interval '1 day'),
        (${p1}, ${bound}, ${b.id}, 'self', null, now() - interval '1 day'),
        (${p1}, ${bound}, ${d.id}, 'staff', ${service}, now() - interval '1 day'),
        (${p1}, ${bound}, ${c.id}, 'invite', ${service}, now() - interval '1 day')`,
    );
    const started = new Date(
      (await one<{ started_at: Date | string }>(sql`select started_at from live where id = ${liveId}`)).started_at,
    );
    const after = new Date(started.getTime() + 1000);
    await order(a.id, 'completed', '99.00', after); // counted
    await order(b.id, 'shipped', '50.50', after); // counted
    await order(a.id, 'pending_payment', '99.00', after); // unpaid
    await order(b.id, 'cancelled', '99.00', after); // cancelled
    await order(a.id, 'completed', '30.00', after, false); // not the combo
    await order(c.id, 'completed', '99.00', after); // not a viewer
    await order(a.id, 'completed', '99.00', new Date(started.getTime() - hour)); // before the live started
  });

  it('sums watch time per viewer with the exam and the owner-rule inviter', async () => {
    const res = await call('GET', `/live/${liveId}/user`, cs, p1);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    for (const row of data.list) liveViewerRowSchema.strict().parse(row);
    expect(data.total).toBe(3);
    expect(
      data.list.map((r: { name: string; watch_seconds: number; answered: boolean; score: number | null }) => [
        r.name,
        r.watch_seconds,
        r.answered,
        r.score,
      ]),
    ).toEqual([
      ['观众甲', 420, true, 80],
      ['观众乙', 60, false, null],
      ['答题丙', 0, true, 45],
    ]);
    const [ra, rb, rc] = data.list;
    expect(ra.inviter_name).toBe('陈志强'); // the earliest enrolment with an inviter: the manager's
    expect(rb.inviter_name).toBeNull();
    expect(rc.inviter_name).toBe('王丽娟');
    expect(ra.phone).toBe(`${a.phone.slice(0, 3)}****${a.phone.slice(7)}`);
    expect(rc.first_watch_at).toBeNull();
    expect(Date.parse(ra.last_watch_at)).toBeGreaterThan(Date.parse(ra.first_watch_at));

    const found = await call('GET', `/live/${liveId}/user?keyword=${encodeURIComponent('乙')}`, cs, p1);
    expect(found.json().data.list.map((r: { name: string }) => r.name)).toEqual(['观众乙']);
    const byPhone = await call('GET', `/live/${liveId}/user?keyword=${c.phone.slice(-4)}`, cs, p1);
    expect(byPhone.json().data.list.map((r: { name: string }) => r.name)).toEqual(['答题丙']);
    const page2 = await call('GET', `/live/${liveId}/user?page=2&page_size=2`, cs, p1);
    expect(page2.json().data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.json().data.list.map((r: { name: string }) => r.name)).toEqual(['答题丙']);
  });

  it('figures reconcile with the raw rows', async () => {
    // 观众甲 beats now: in 在线人数; 观众乙's last beat is an hour old
    await t.database.db.execute(
      sql`update live_watch set last_beat_at = now() where live_id = ${liveId} and account_id = ${a.id}
        and day = '2026-11-21'`,
    );
    const res = await call('GET', `/live/${liveId}/user_stats`, cs, p1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      viewers: 2,
      watch_seconds: 480,
      avg_watch_seconds: 240,
      enrolled: 4,
      answered: 2,
      avg_score: 62.5,
      passed: 1,
      orders: 2,
      amount: '149.50',
      viewers_now: 1,
    });
    // a live with nothing yet
    const empty = await createLive(manager, p1);
    expect((await call('GET', `/live/${empty.id}/user_stats`, cs, p1)).json().data).toEqual({
      viewers: 0,
      watch_seconds: 0,
      avg_watch_seconds: 0,
      enrolled: 0,
      answered: 0,
      avg_score: null,
      passed: 0,
      orders: 0,
      amount: '0.00',
      viewers_now: 0,
    });
  });

  it('exports the viewers as a real spreadsheet with Chinese headers and name', async () => {
    const res = await call('GET', `/live/${liveId}/export`, cs, p1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const disposition = String(res.headers['content-disposition']);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^直播观看用户-观看数据直播-\d{8}\.xls$/);
    expect(res.headers['x-total-count']).toBe('3');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      '用户',
      '手机号',
      '观看时长',
      '观看时长（秒）',
      '首次观看',
      '最近观看',
      '是否答题',
      '考试得分',
      '邀请人',
    ]);
    const first = (ws.getRow(2).values as unknown[]).slice(1);
    expect(first[0]).toBe('观众甲');
    expect(first[1]).toBe(`${a.phone.slice(0, 3)}****${a.phone.slice(7)}`);
    expect(first[2]).toBe('7分0秒');
    expect(first[3]).toBe(420);
    expect(first[6]).toBe('已答题');
    expect(first[7]).toBe(80);
    expect(first[8]).toBe('陈志强');
    expect(ws.rowCount).toBe(4);

    const filtered = await call('GET', `/live/${liveId}/export?keyword=${encodeURIComponent('丙')}`, cs, p1);
    expect(filtered.headers['x-total-count']).toBe('1');
    expect(b.id).toBeGreaterThan(0);
  });
});
