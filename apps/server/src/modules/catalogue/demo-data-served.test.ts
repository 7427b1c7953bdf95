import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, pharmacy } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isValidUscc } from './demo-catalogue';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

describe('the seeded demo data, as the running app has it', () => {
  it('gives every pharmacy a logo the server serves as an image', async () => {
    const rows = await t.database.db.select({ name: pharmacy.name, logo: pharmacy.logoUrl }).from(pharmacy);
    expect(rows.length).toBe(9);
    for (const { name, logo } of rows) {
      expect(logo, name).toMatch(/^\/demo\//);
      const res = await t.app.inject({ method: 'GET', url: logo });
      expect(res.statusCode, logo).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(/^<svg /);
    }
  });

  it('stores licence numbers that pass their check rules', async () => {
    const rows = await t.database.db
      .select({ uscc: pharmacy.businessLicenceNo, drug: pharmacy.drugLicenceNo })
      .from(pharmacy);
    for (const { uscc, drug } of rows) {
      expect(isValidUscc(uscc), uscc).toBe(true);
      expect(drug).toMatch(/^[\u4e00-\u9fa5]CB\d{7}$/);
    }
  });

  it('seeds no order message that links to an order', async () => {
    const linked = await t.database.db
      .select({ title: message.title })
      .from(message)
      .where(and(eq(message.kind, 'order'), isNotNull(message.link)));
    expect(linked).toEqual([]);
    const orders = await t.database.db
      .select({ content: message.content })
      .from(message)
      .where(eq(message.kind, 'order'));
    for (const { content } of orders) expect(content).toMatch(/^[^{}]*$/);
  });
});
