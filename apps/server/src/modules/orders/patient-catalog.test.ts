import { add, multiply, patientCatalogSchema } from '@pharmacy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let patient: string;

beforeAll(async () => {
  t = await createTestApp();
  patient = await t.login('13900000001');
});
afterAll(async () => {
  await t?.close();
});

const catalog = (query: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/orders/user_order/catalog${query}`, headers: headers(token) });

describe('GET /orders/user_order/:id/receiving', () => {
  const receiving = (id: number, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/orders/user_order/${id}/receiving`, headers: headers(token) });

  it("answers my order's pharmacy's receiving account, and another account's order like a missing one", async () => {
    const { rows } = (await t.database.db.execute(
      "select o.id, o.pharmacy_id, a.phone from orders o join account a on a.id = o.account_id where a.phone = '13900000001' and o.deleted_at is null limit 1",
    )) as unknown as { rows: { id: number; pharmacy_id: number }[] };
    expect(rows.length, 'the demo patient has an order').toBe(1);
    const mine = await receiving(rows[0].id, patient);
    expect(mine.statusCode).toBe(200);
    const { rows: setting } = (await t.database.db.execute(
      `select receiving_account_no from pharmacy_setting where pharmacy_id = ${rows[0].pharmacy_id}`,
    )) as unknown as { rows: { receiving_account_no: string }[] };
    expect(mine.json().data.account_no).toBe(setting[0].receiving_account_no);

    const other = await t.login('13800000004');
    const theirs = await receiving(rows[0].id, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().msg).toBe('订单不存在或已删除');
    expect((await receiving(rows[0].id)).statusCode).toBe(401);
  });
});

describe('GET /orders/user_order/catalog', () => {
  it('is public, like the product list, and leaves out the staff remark', async () => {
    const res = await catalog('?pharmacy_id=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.combos[0]).not.toHaveProperty('remark');
  });

  it("gives a pharmacy's delivery terms and its combos on sale, with their items and exact original totals", async () => {
    const res = await catalog('?pharmacy_id=1', patient);
    expect(res.statusCode).toBe(200);
    const body = patientCatalogSchema.parse(res.json().data);
    expect(body.pharmacy_id).toBe(1);
    expect(body.freight).toMatch(/^\d+\.\d{2}$/);
    expect(body.combos.length).toBeGreaterThan(0);
    const { rows } = (await t.database.db.execute(
      "select id from quote_set where pharmacy_id = 1 and status = 'off_sale'",
    )) as unknown as { rows: { id: number }[] };
    for (const off of rows) expect(body.combos.map((c) => c.id)).not.toContain(off.id);
    for (const combo of body.combos) {
      expect(combo.items.length).toBeGreaterThanOrEqual(2);
      const sum = combo.items.reduce<string>((s, i) => add(s, multiply(i.price, i.qty)), '0');
      expect(Number(combo.original_total)).toBe(Number(sum));
      expect(combo.has_rx).toBe(combo.items.some((i) => i.type === 'RX'));
    }
    expect(body.combos.some((c) => c.has_rx)).toBe(true);
  });

  it('answers an unknown pharmacy and bad input with a Chinese message', async () => {
    const missing = await catalog('?pharmacy_id=999999', patient);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('药店不存在或未营业');
    const bad = await catalog('?pharmacy_id=abc', patient);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('请选择药店');
  });
});
