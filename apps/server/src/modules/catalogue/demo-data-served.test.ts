import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pharmacy } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isValidUscc } from './demo-catalogue';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

describe('the seeded demo data, as the running app has it', () => {
  it('gives every pharmacy a logo the server serves as an image', async () => {
    // the stores the platform seeded (operator-entered applications carry applied_at and may have no logo)
    const rows = await t.database.db
      .select({ name: pharmacy.name, logo: pharmacy.logoUrl })
      .from(pharmacy)
      .where(isNull(pharmacy.appliedAt));
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
});
