import { cmsFieldsResultSchema, cmsItemsResultSchema, cmsRowSchemas, cmsSavedItemSchema } from '@pharmacy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { cmsTables } from './collections';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000007');
}, 120_000);
afterAll(async () => t?.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: headers(token) });
/** The zod issues of a body that does not fit the schema (undefined when it fits), for a readable failure. */
const issues = (schema: z.ZodType, body: unknown) => schema.safeParse(body).error?.issues;

describe('the content API answers in the shapes of its shared contracts (the console reads through them)', () => {
  it('serves every collection the console shows in the shape of its row schema, to visitors and operators', async () => {
    for (const [name, schema] of Object.entries(cmsRowSchemas)) {
      for (const token of [undefined, admin]) {
        const res = await get(`/scms/items/${name}?limit=-1`, token);
        expect(res.statusCode, name).toBe(200);
        const body = res.json();
        expect(issues(cmsItemsResultSchema, body), name).toBeUndefined();
        expect(body.data.length, name).toBeGreaterThan(0);
        expect(issues(z.array(schema), body.data), name).toBeUndefined();
      }
    }
  });

  it('has a row schema for every collection the operator edits', () => {
    const missing = Object.keys(cmsTables).filter((name) => !Object.hasOwn(cmsRowSchemas, name));
    expect(missing).toEqual([]);
  });

  it('describes fields, and answers create and update with the row as stored (its id included)', async () => {
    const fields = await get('/scms/fields/entry_1', admin);
    expect(fields.statusCode).toBe(200);
    expect(issues(cmsFieldsResultSchema, fields.json())).toBeUndefined();

    const created = await t.app.inject({
      method: 'POST',
      url: '/scms/items/entry_1',
      headers: headers(admin),
      payload: { title: '契约草稿', status: 'draft', category_id: null },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(issues(cmsSavedItemSchema, created.json())).toBeUndefined();
    const { id } = cmsSavedItemSchema.parse(created.json()).data;
    expect(issues(cmsRowSchemas.entry_1, created.json().data)).toBeUndefined();

    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/scms/items/entry_1/${id}`,
      headers: headers(admin),
      payload: { sort: 7 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(cmsRowSchemas.entry_1.parse(updated.json().data)).toMatchObject({ id, sort: 7, status: 'draft' });

    const removed = await t.app.inject({ method: 'DELETE', url: `/scms/items/entry_1/${id}`, headers: headers(admin) });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
  });
});
