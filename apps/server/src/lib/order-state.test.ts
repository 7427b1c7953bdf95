import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, pickQuotes } from '../test/order-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { transitionOrder } from './order-state';
import { queryRows } from './sql-rows';

let t: TestApp;
let pharmacyId: number;

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows[0]!;

beforeAll(async () => {
  t = await createTestApp();
  pharmacyId = (await one<{ id: number }>(sql`select min(id) id from pharmacy`)).id;
}, 120_000);
afterAll(() => t.close());

describe('the order state machine', () => {
  it('pay writes a pending settlement at 0.60 %, complete settles it; an RX order waits for review', async () => {
    const [quoteId] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const { id } = await insertOrder(t.database.db, {
      pharmacyId,
      lines: [{ quoteId: quoteId!, qty: 3 }],
      freight: '8.00',
      status: 'shipped',
    });
    const s = await one<{ status: string; pay_amount: string; platform_fee: string; settle_amount: string }>(
      sql`select status, pay_amount::text, platform_fee::text, settle_amount::text from settlement where order_id = ${id}`,
    );
    expect(s.status).toBe('pending');
    const order = await one<{ pay_amount: string; auto_confirm_at: Date | null }>(
      sql`select pay_amount::text, auto_confirm_at from orders where id = ${id}`,
    );
    expect(s.pay_amount).toBe(order.pay_amount);
    expect(order.auto_confirm_at).not.toBeNull();
    await transitionOrder(t.database.db, id, 'complete', { completedBy: 'delivery' });
    const settled = await one<{ status: string }>(sql`select status from settlement where order_id = ${id}`);
    expect(settled.status).toBe('settled');

    const [rxQuote] = await pickQuotes(t.database.db, pharmacyId, 1, true);
    const rx = await insertOrder(t.database.db, {
      pharmacyId,
      lines: [{ quoteId: rxQuote!, qty: 1 }],
      status: 'pending_review',
    });
    expect((await one<{ status: string }>(sql`select status from orders where id = ${rx.id}`)).status).toBe(
      'pending_review',
    );
  });

  it('cancelling a paid order returns the stock and refunds the settlement; 409 on a second cancel', async () => {
    const [quoteId] = await pickQuotes(t.database.db, pharmacyId, 1, false);
    const stock = async () => (await one<{ stock: number }>(sql`select stock from quote where id = ${quoteId!}`)).stock;
    const before = await stock();
    const { id } = await insertOrder(t.database.db, {
      pharmacyId,
      lines: [{ quoteId: quoteId!, qty: 2 }],
      status: 'pending_shipment',
    });
    expect(await stock()).toBe(before - 2);
    await transitionOrder(t.database.db, id, 'cancel', { pharmacyId, set: { cancel_reason: '顾客要求取消' } });
    expect(await stock()).toBe(before);
    const s = await one<{ status: string; refund_amount: string; pay_amount: string }>(
      sql`select status, refund_amount::text, pay_amount::text from settlement where order_id = ${id}`,
    );
    expect(s).toMatchObject({ status: 'refunded', refund_amount: s.pay_amount });
    await expect(transitionOrder(t.database.db, id, 'cancel', { pharmacyId })).rejects.toMatchObject({
      statusCode: 409,
      msg: '订单已取消，不能取消订单',
    });
  });

  it('another pharmacy’s order answers 404', async () => {
    const { id } = await insertOrder(t.database.db, { pharmacyId });
    await expect(transitionOrder(t.database.db, id, 'cancel', { pharmacyId: pharmacyId + 1 })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('50 concurrent ship and cancel requests on one order: exactly one succeeds', async () => {
    const { id } = await insertOrder(t.database.db, { pharmacyId, status: 'pending_shipment' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        transitionOrder(t.database.db, id, i % 2 ? 'ship' : 'cancel', { pharmacyId }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 409 });
  });
});
