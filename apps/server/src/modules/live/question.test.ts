import { randomBytes } from 'node:crypto';
import { liveMessages, QUESTION_IMPORT_MAX_ROWS } from '@pharmacy/shared';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, live, liveQuestion, pharmacyMember, question, questionCategory } from '../../db/schema/index';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let shop: string;
let admin: string;
let service: string;
/** The shop's two pharmacies; the pharmacy_admin and the customer service work in the first. */
let first: number;
let second: number;

beforeAll(async () => {
  t = await createTestApp();
  [shop, admin, service] = await Promise.all(['13800000001', '13800000002', '13800000004'].map((p) => t.login(p)));
  const [owner] = await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, '13800000001'));
  const stores = await t.database.db
    .select({ id: pharmacyMember.pharmacyId })
    .from(pharmacyMember)
    .where(eq(pharmacyMember.accountId, owner.id))
    .orderBy(pharmacyMember.pharmacyId);
  [first, second] = stores.map((s) => s.id);
}, 120_000);
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, pharmacyId: number, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token, pharmacyId),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const uid = () => randomBytes(3).toString('hex');

const single = (stem: string, extra: Record<string, unknown> = {}) => ({
  type: 'single',
  stem,
  options: [
    { key: 'A', text: '甲' },
    { key: 'B', text: '乙' },
    { key: 'C', text: '丙' },
  ],
  answer: ['B'],
  analysis: '乙是对的',
  score: 10,
  ...extra,
});

async function newCategory(name: string, parent_id: number | null = null, pharmacyId = first) {
  const token = pharmacyId === first ? admin : shop;
  const res = await call('POST', '/live/question_categories', token, pharmacyId, { name, parent_id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; parent_id: number | null; name: string; question_count: number };
}
async function newQuestion(body: Record<string, unknown>, pharmacyId = first, token = admin) {
  const res = await call('POST', '/live/questions', token, pharmacyId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; answer: string[]; category_id: number | null; live_count: number };
}
async function newLive(pharmacyId = first) {
  const [row] = await t.database.db
    .insert(live)
    .values({
      pharmacyId,
      title: `考试直播 ${uid()}`,
      lecturer: '讲师',
      startAt: new Date('2026-12-01T02:00:00Z'),
      endAt: new Date('2026-12-01T03:00:00Z'),
    })
    .returning({ id: live.id });
  return row.id;
}
const listIds = async (query: string, token = admin, pharmacyId = first) => {
  const res = await call('GET', `/live/questions?page_size=100&${query}`, token, pharmacyId);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as { id: number }[]).map((q) => q.id);
};

describe('question categories', () => {
  it('builds a tree, lists it flat with question counts, and refuses cycles', async () => {
    const root = await newCategory(`慢病 ${uid()}`);
    const child = await newCategory('高血压', root.id);
    const grandchild = await newCategory('用药', child.id);
    expect(child.parent_id).toBe(root.id);
    await newQuestion(single(`降压 ${uid()}`, { category_id: child.id }));

    const res = await call('GET', '/live/question_categories', service, first);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; question_count: number; parent_id: number | null }[];
    expect(list.find((c) => c.id === child.id)).toMatchObject({ parent_id: root.id, question_count: 1 });
    expect(list.find((c) => c.id === root.id)).toMatchObject({ parent_id: null, question_count: 0 });

    // under itself or a descendant: refused, naming the field
    for (const parent_id of [root.id, grandchild.id]) {
      const cycle = await call('PUT', `/live/question_categories/${root.id}`, admin, first, {
        name: '慢病',
        parent_id,
      });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().msg).toBe(`parent_id ${liveMessages.categoryCycle}`);
    }
    // a legal move and a rename
    const moved = await call('PUT', `/live/question_categories/${grandchild.id}`, admin, first, {
      name: '合理用药',
      parent_id: root.id,
      sort: 3,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ name: '合理用药', parent_id: root.id, sort: 3 });
  });

  it('two moves racing cannot build a cycle between them', async () => {
    const a = await newCategory(`甲 ${uid()}`);
    const b = await newCategory(`乙 ${uid()}`);
    const [ab, ba] = await Promise.all([
      call('PUT', `/live/question_categories/${a.id}`, admin, first, { name: '甲', parent_id: b.id }),
      call('PUT', `/live/question_categories/${b.id}`, admin, first, { name: '乙', parent_id: a.id }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 400]);
    expect([ab, ba].find((r) => r.statusCode === 400)!.json().msg).toBe(`parent_id ${liveMessages.categoryCycle}`);
  });

  it("a parent must be the pharmacy's own; another pharmacy's category answers like a missing one", async () => {
    const theirs = await newCategory(`别家 ${uid()}`, null, second);
    const under = await call('POST', '/live/question_categories', admin, first, { name: 'x', parent_id: theirs.id });
    expect(under.statusCode).toBe(404);
    expect(under.json().msg).toBe(liveMessages.categoryNotFound);
    const edit = await call('PUT', `/live/question_categories/${theirs.id}`, admin, first, { name: 'y' });
    expect(edit.statusCode).toBe(404);
    const remove = await call('DELETE', `/live/question_categories/${theirs.id}`, admin, first);
    expect(remove.statusCode).toBe(404);
    const mine = (await call('GET', '/live/question_categories', admin, first)).json().data as { id: number }[];
    expect(mine.some((c) => c.id === theirs.id)).toBe(false);
  });

  it('deletes only a leaf without questions (409 otherwise)', async () => {
    const root = await newCategory(`删除 ${uid()}`);
    const leaf = await newCategory('叶子', root.id);
    const withChildren = await call('DELETE', `/live/question_categories/${root.id}`, admin, first);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().msg).toBe(liveMessages.categoryHasChildren);
    const q = await newQuestion(single(`叶子题 ${uid()}`, { category_id: leaf.id }));
    const withQuestions = await call('DELETE', `/live/question_categories/${leaf.id}`, admin, first);
    expect(withQuestions.statusCode).toBe(409);
    expect(withQuestions.json().msg).toBe(liveMessages.categoryHasQuestions);
    expect((await call('DELETE', `/live/questions/${q.id}`, admin, first)).statusCode).toBe(200);
    expect((await call('DELETE', `/live/question_categories/${leaf.id}`, admin, first)).statusCode).toBe(200);
    expect((await call('DELETE', `/live/question_categories/${root.id}`, admin, first)).statusCode).toBe(200);
    expect((await call('DELETE', `/live/question_categories/${root.id}`, admin, first)).statusCode).toBe(404);
  });

  it('customer service reads the bank but does not change it', async () => {
    expect((await call('GET', '/live/question_categories', service, first)).statusCode).toBe(200);
    expect((await call('GET', '/live/questions', service, first)).statusCode).toBe(200);
    const res = await call('POST', '/live/question_categories', service, first, { name: '客服' });
    expect(res.statusCode).toBe(403);
    expect((await call('POST', '/live/questions', service, first, single('客服题'))).statusCode).toBe(403);
  });
});

describe('questions', () => {
  it('creates the three types; an answer that does not fit is refused on the answer field', async () => {
    const s = await newQuestion(single(`单选 ${uid()}`));
    expect(s.answer).toEqual(['B']);
    const m = await newQuestion(single(`多选 ${uid()}`, { type: 'multiple', answer: ['C', 'A'] }));
    expect(m.answer).toEqual(['A', 'C']);
    const j = await newQuestion({ type: 'judge', stem: `判断 ${uid()}`, answer: ['T'], options: [] });
    expect(j).toMatchObject({ answer: ['T'], options: [] });

    const cases: Record<string, unknown>[] = [
      single('一个答案', { answer: ['A', 'B'] }),
      single('不在选项', { answer: ['D'] }),
      single('多选一个', { type: 'multiple', answer: ['A'] }),
      { type: 'judge', stem: '判断', answer: ['A'] },
    ];
    for (const body of cases) {
      const res = await call('POST', '/live/questions', admin, first, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe(`answer ${liveMessages.answerInvalid}`);
    }
    const fewOptions = await call(
      'POST',
      '/live/questions',
      admin,
      first,
      single('一个选项', { options: [{ key: 'A', text: '甲' }], answer: ['A'] }),
    );
    expect(fewOptions.statusCode).toBe(400);
    expect(fewOptions.json().msg).toContain(liveMessages.optionsInvalid);
  });

  it('lists by category with its descendants, type, keyword, leaving out a live’s exam; counts the lives using each', async () => {
    const tag = uid();
    const root = await newCategory(`筛选 ${tag}`);
    const child = await newCategory('下级', root.id);
    const other = await newCategory(`其他 ${tag}`);
    const a = await newQuestion(single(`糖尿病饮食 ${tag}`, { category_id: root.id }));
    const b = await newQuestion({ type: 'judge', stem: `糖尿病运动 ${tag}`, answer: ['F'], category_id: child.id });
    const c = await newQuestion(single(`高血压 ${tag}`, { category_id: other.id }));

    expect((await listIds(`category_id=${root.id}`)).sort()).toEqual([a.id, b.id].sort());
    expect(await listIds(`category_id=${child.id}`)).toEqual([b.id]);
    expect(await listIds(`category_id=${root.id}&type=judge`)).toEqual([b.id]);
    expect((await listIds(`keyword=${encodeURIComponent(tag)}`)).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await listIds(`keyword=${encodeURIComponent(`高血压 ${tag}`)}`)).toEqual([c.id]);
    // LIKE's wildcards are taken literally
    expect(await listIds(`keyword=${encodeURIComponent(`%${tag}`)}`)).toEqual([]);

    const liveId = await newLive();
    await t.database.db.insert(liveQuestion).values({ pharmacyId: first, liveId, questionId: a.id, sort: 1 });
    expect(await listIds(`category_id=${root.id}&exclude_live_id=${liveId}`)).toEqual([b.id]);
    const page = (await call('GET', `/live/questions?category_id=${root.id}`, admin, first)).json().data;
    expect(page.total).toBe(2);
    expect(page.list.find((q: { id: number }) => q.id === a.id)).toMatchObject({
      live_count: 1,
      category_name: `筛选 ${tag}`,
    });
  });

  it('updates a question and sets its answer with the same rule', async () => {
    const q = await newQuestion(single(`改 ${uid()}`));
    const edited = await call(
      'PUT',
      `/live/questions/${q.id}`,
      admin,
      first,
      single('改过', { type: 'multiple', answer: ['A', 'B'] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ stem: '改过', type: 'multiple', answer: ['A', 'B'] });

    const bad = await call('PUT', `/live/questions/${q.id}/answer`, admin, first, { answer: ['A'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(`answer ${liveMessages.answerInvalid}`);
    expect(bad.json().data).toEqual({ field: 'answer' });
    const outside = await call('PUT', `/live/questions/${q.id}/answer`, admin, first, { answer: ['A', 'F'] });
    expect(outside.statusCode).toBe(400);
    const set = await call('PUT', `/live/questions/${q.id}/answer`, admin, first, {
      answer: ['C', 'B'],
      analysis: '乙丙',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ answer: ['B', 'C'], analysis: '乙丙' });
  });

  it("another pharmacy's question answers like a missing one", async () => {
    const q = await newQuestion(single(`本店 ${uid()}`));
    const asOther = (method: Method, url: string, payload?: unknown) => call(method, url, shop, second, payload);
    expect((await asOther('PUT', `/live/questions/${q.id}`, single('偷改'))).statusCode).toBe(404);
    expect((await asOther('PUT', `/live/questions/${q.id}/answer`, { answer: ['A'] })).statusCode).toBe(404);
    expect((await asOther('DELETE', `/live/questions/${q.id}`)).statusCode).toBe(404);
    expect(await listIds('page=1', shop, second)).not.toContain(q.id);
    // nor may a question be put in another pharmacy's category
    const theirs = await newCategory(`别家分类 ${uid()}`, null, second);
    const res = await call('POST', '/live/questions', admin, first, single('x', { category_id: theirs.id }));
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(liveMessages.categoryNotFound);
    const [{ n }] = await t.database.db.select({ n: count() }).from(question).where(eq(question.id, q.id));
    expect(n).toBe(1);
  });

  it('a question in a live’s exam cannot be deleted', async () => {
    const q = await newQuestion(single(`考试题 ${uid()}`));
    const liveId = await newLive();
    await t.database.db.insert(liveQuestion).values({ pharmacyId: first, liveId, questionId: q.id, sort: 1 });
    const res = await call('DELETE', `/live/questions/${q.id}`, admin, first);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(liveMessages.questionBound);
    await t.database.db
      .delete(liveQuestion)
      .where(and(eq(liveQuestion.liveId, liveId), eq(liveQuestion.questionId, q.id)));
    expect((await call('DELETE', `/live/questions/${q.id}`, admin, first)).statusCode).toBe(200);
    expect((await call('DELETE', `/live/questions/${q.id}`, admin, first)).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// template and import

const HEADER = ['分类', '题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '答案', '解析', '分值'];
type Line = (string | number)[];

async function workbook(rows: Line[], header: string[] = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题目');
  if (header.length) sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (
  file: Buffer,
  fields: Record<string, string> = {},
  token = admin,
  pharmacyId = first,
  name = '题目.xlsx',
) => {
  const body = multipart(file, name, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/live/questions/import',
    payload: body.payload,
    headers: { ...body.headers, ...headers(token, pharmacyId) },
  });
};
const questionCount = async (pharmacyId = first) =>
  (await t.database.db.select({ n: count() }).from(question).where(eq(question.pharmacyId, pharmacyId)))[0].n;

describe('question import', () => {
  it('downloads a template with the columns and two examples, under a Chinese file name', async () => {
    const res = await call('GET', '/live/questions/template', service, first);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('题目导入模板.xlsx')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(HEADER);
    const help = book.getWorksheet('填写说明')!;
    const texts: string[] = [];
    help.eachRow((row) => texts.push(String((row.values as unknown[])[2] ?? '')));
    expect(texts.filter((v) => v === '单选题' || v === '判断题')).toHaveLength(2);
  });

  it('imports a good file in one go, creating the categories it names and using the chosen default', async () => {
    const tag = uid();
    const fallback = await newCategory(`默认 ${tag}`);
    const file = await workbook([
      [`导入 ${tag}`, '单选题', `导入单选 ${tag}`, '甲', '乙', '丙', '', '', '', 'b', '解析一', 5],
      [`导入 ${tag}`, '多选题', `导入多选 ${tag}`, '甲', '乙', '丙', '丁', '', '', 'A,C', '', ''],
      ['', '判断题', `导入判断 ${tag}`, '', '', '', '', '', '', '正确', '对的', 2],
    ]);
    const before = await questionCount();
    const res = await upload(file, { category_id: String(fallback.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ imported: 3, failed: [] });
    expect(await questionCount()).toBe(before + 3);

    const [created] = await t.database.db
      .select()
      .from(questionCategory)
      .where(and(eq(questionCategory.pharmacyId, first), eq(questionCategory.name, `导入 ${tag}`)));
    expect(created.parentId).toBeNull();
    const list = (await call('GET', `/live/questions?keyword=${encodeURIComponent(tag)}`, admin, first)).json().data
      .list;
    const byStem = (s: string) => list.find((q: { stem: string }) => q.stem === s);
    expect(byStem(`导入单选 ${tag}`)).toMatchObject({
      category_id: created.id,
      answer: ['B'],
      score: 5,
      type: 'single',
    });
    expect(byStem(`导入多选 ${tag}`)).toMatchObject({ answer: ['A', 'C'], score: 10, type: 'multiple' });
    expect(byStem(`导入判断 ${tag}`)).toMatchObject({ category_id: fallback.id, answer: ['T'], options: [] });

    // a second import reuses the category by name
    const again = await upload(
      await workbook([[`导入 ${tag}`, '判断题', `再导入 ${tag}`, '', '', '', '', '', '', '错误', '', '']]),
    );
    expect(again.json().data.imported).toBe(1);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(questionCategory)
      .where(and(eq(questionCategory.pharmacyId, first), eq(questionCategory.name, `导入 ${tag}`)));
    expect(n).toBe(1);
  });

  it('two imports racing create a category they both name once', async () => {
    const tag = uid();
    const file = (n: number) =>
      workbook([[`并发 ${tag}`, '判断题', `并发 ${n} ${tag}`, '', '', '', '', '', '', '正确', '', '']]);
    const results = await Promise.all([upload(await file(1)), upload(await file(2))]);
    expect(results.map((r) => r.json().data.imported)).toEqual([1, 1]);
    const rows = await t.database.db
      .select()
      .from(questionCategory)
      .where(and(eq(questionCategory.pharmacyId, first), eq(questionCategory.name, `并发 ${tag}`)));
    expect(rows).toHaveLength(1);
  });

  it('writes nothing when any row is wrong, and lists the bad rows by sheet row with Chinese errors', async () => {
    const tag = uid();
    const file = await workbook([
      [`坏文件 ${tag}`, '单选题', `好题 ${tag}`, '甲', '乙', '', '', '', '', 'A', '', ''],
      ['', '单选题', `坏题一 ${tag}`, '甲', '乙', '', '', '', '', 'AB', '', ''],
      [],
      ['', '问答题', `坏题二 ${tag}`, '', '', '', '', '', '', 'A', '', ''],
      ['', '判断题', '', '', '', '', '', '', '', '也许', '', '200'],
      ['', '多选题', `坏题三 ${tag}`, '甲', '', '丙', '', '', '', 'AC', '', ''],
    ]);
    const before = await questionCount();
    const categoriesBefore = (await call('GET', '/live/question_categories', admin, first)).json().data.length;
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    const { imported, failed } = res.json().data as { imported: number; failed: { row: number; errors: string[] }[] };
    expect(imported).toBe(0);
    expect(failed.map((f) => f.row)).toEqual([3, 5, 6, 7]);
    expect(failed[0].errors).toEqual([liveMessages.answerInvalid]);
    expect(failed[1].errors).toContain('题型应为 单选题、多选题 或 判断题');
    expect(failed[2].errors).toEqual(expect.arrayContaining(['请填写题干', '判断题的答案应为 正确 或 错误']));
    expect(failed[3].errors).toContain('选项须从选项A起连续填写');
    expect(await questionCount()).toBe(before);
    expect((await call('GET', '/live/question_categories', admin, first)).json().data.length).toBe(categoriesBefore);
  });

  it('refuses what is not an .xlsx, an empty sheet, too many rows, a missing column', async () => {
    const notXlsx = await upload(Buffer.from('分类,题型\n慢病,单选题\n'), {}, admin, first, '题目.xlsx');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().msg).toBe(liveMessages.importFileInvalid);

    const empty = await upload(await workbook([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(liveMessages.importEmpty);
    const blank = await upload(await workbook([], []));
    expect(blank.json().msg).toBe(liveMessages.importEmpty);

    const rows: Line[] = Array.from({ length: QUESTION_IMPORT_MAX_ROWS + 1 }, (_, i) => [
      '',
      '判断题',
      `题 ${i}`,
      '',
      '',
      '',
      '',
      '',
      '',
      '正确',
      '',
      '',
    ]);
    const before = await questionCount();
    const many = await upload(await workbook(rows));
    expect(many.statusCode).toBe(400);
    expect(many.json().msg).toBe(liveMessages.importTooMany);
    expect(await questionCount()).toBe(before);

    const noAnswer = await upload(await workbook([['', '判断题', '题']], ['分类', '题型', '题干']));
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().msg).toContain('答案');

    const noFile = await call('POST', '/live/questions/import', admin, first, {});
    expect(noFile.statusCode).toBe(400);
  });

  it("imports into the caller's pharmacy only; a default category of another pharmacy is refused; customer service may not import", async () => {
    const tag = uid();
    const theirs = await newCategory(`别家默认 ${tag}`, null, second);
    const file = await workbook([['', '判断题', `租户 ${tag}`, '', '', '', '', '', '', '正确', '', '']]);
    const refused = await upload(file, { category_id: String(theirs.id) });
    expect(refused.statusCode).toBe(404);
    expect((await upload(file, {}, service)).statusCode).toBe(403);

    const secondBefore = await questionCount(second);
    expect((await upload(file, {}, shop, second)).json().data.imported).toBe(1);
    expect(await questionCount(second)).toBe(secondBefore + 1);
    expect(await listIds(`keyword=${tag}`)).toEqual([]);
  });
});
