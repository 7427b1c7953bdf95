import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../db/schema/index';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('13800000007');
});
afterAll(async () => {
  await t?.close();
});

const send = (link: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/message',
    headers: headers(operator),
    payload: { phone: '13800000003', title: '链接测试', content: '请查看', link },
  });

describe('POST /message link', () => {
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '\\\\evil.example',
    '/..//evil.example',
  ])('refuses %j with 400 and stores nothing', async (link) => {
    const res = await send(link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400000, msg: 'link 链接须为站内路径' });
    expect(await t.database.db.select().from(message).where(eq(message.link, link))).toHaveLength(0);
  });

  it('keeps a path on the site', async () => {
    const res = await send('/pharmacy/order?page=2');
    expect(res.statusCode).toBe(200);
  });
});
