import { add, checkRegion, detectCourier, isValidIdNumber, multiply, orderStatuses, subtract } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { divisionIndex } from '../../lib/divisions';
import { queryRows } from '../../lib/sql-rows';
import { type DatabaseHandle, openPglite } from '../client';
import { demoPharmacies } from './demo-data';
import { seedDemo } from './index';
import { seedDemoOrders } from './orders';

let database: DatabaseHandle;
const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(database.db, query)).rows;

beforeAll(async () => {
  database = await openPglite();
  await database.migrate();
  const started = Date.now();
  await seedDemo(database.db);
  console.log(`seedDemo (with demo orders) took ${Date.now() - started} ms on PGlite`);
}, 120_000);
afterAll(async () => {
  await database.close();
});

describe('demo orders', () => {
  it('gives each foundation store orders in every state, placed by the demo patient and generated patients', async () => {
    const counts = await rows<{ name: string; status: string; n: number }>(sql`
      select p.name, o.status, count(*)::int as n from orders o join pharmacy p on p.id = o.pharmacy_id group by 1, 2`);
    for (const store of demoPharmacies) {
      for (const status of orderStatuses) {
        const n = counts.find((c) => c.name === store.name && c.status === status)?.n ?? 0;
        expect(n, `${store.name} ${status}`).toBeGreaterThan(0);
      }
    }
    const [buyers] = await rows<{ demo: number; others: number }>(sql`
      select count(*) filter (where a.phone = '13900000001')::int as demo,
             count(distinct o.account_id) filter (where a.phone <> '13900000001')::int as others
      from orders o join account a on a.id = o.account_id`);
    expect(buyers.demo).toBeGreaterThan(5);
    expect(buyers.others).toBeGreaterThan(100);
    const [span] = await rows<{ days: number }>(
      sql`select extract(day from max(created_at) - min(created_at))::int as days from orders`,
    );
    expect(span.days).toBeGreaterThan(100);
  });

  it('reconciles every amount: lines, totals, payments and settlements', async () => {
    const orders = await rows<{
      id: number;
      status: string;
      goods: string;
      freight: string;
      discount: string;
      pay: string;
      lines: { price: string; qty: number; subtotal: string }[];
      payment: string | null;
      settlement: { status: string; pay: string; fee: string; settle: string; refund: string } | null;
      paid_at: string | null;
    }>(sql`
      select o.id, o.status, o.goods_amount::text as goods, o.freight::text as freight, o.discount::text as discount,
        o.pay_amount::text as pay, o.paid_at,
        (select json_agg(json_build_object('price', i.price::text, 'qty', i.qty, 'subtotal', i.subtotal::text))
         from order_item i where i.order_id = o.id) as lines,
        (select string_agg(p.status, ',' order by p.id) from order_payment p where p.order_id = o.id) as payment,
        (select json_build_object('status', s.status, 'pay', s.pay_amount::text, 'fee', s.platform_fee::text,
           'settle', s.settle_amount::text, 'refund', s.refund_amount::text) from settlement s where s.order_id = o.id)
          as settlement
      from orders o`);
    expect(orders.length).toBeGreaterThan(250);
    for (const o of orders) {
      let goods = '0';
      for (const l of o.lines) {
        expect(Number(l.subtotal)).toBe(Number(multiply(l.price, l.qty)));
        goods = add(goods, l.subtotal);
      }
      expect(Number(o.goods), `order ${o.id}`).toBe(Number(goods));
      expect(Number(o.pay)).toBe(Number(subtract(add(o.goods, o.freight), o.discount)));
      const paid = o.paid_at !== null;
      if (!paid) {
        expect(o.settlement).toBeNull();
        // a proxy order whose customer has not opened its payment link yet has no payment at all
        if (o.payment !== null) expect(o.payment).toBe(o.status === 'cancelled' ? 'closed' : 'pending');
        continue;
      }
      const s = o.settlement!;
      expect(Number(s.pay)).toBe(Number(o.pay));
      expect(Number(s.settle)).toBe(Number(subtract(s.pay, s.fee)));
      const expected = o.status === 'completed' ? 'settled' : o.status === 'cancelled' ? 'refunded' : 'pending';
      expect(s.status, `order ${o.id} ${o.status}`).toBe(expected);
      expect(Number(s.refund)).toBe(o.status === 'cancelled' ? Number(o.pay) : 0);
      expect(o.payment).toBe(o.status === 'cancelled' ? 'refunded' : 'paid');
    }
  });

  it('keeps the order counters, stock and timelines consistent', async () => {
    const [wrong] = await rows<{ n: number }>(sql`
      with real as (select pharmacy_id as owner_id, status as bucket, count(*) as n from orders where deleted_at is null group by 1, 2),
      kept as (select owner_id, bucket, n from list_count where scope = 'order')
      select count(*)::int as n from real r full join kept k using (owner_id, bucket) where coalesce(r.n, 0) <> coalesce(k.n, 0)`);
    expect(wrong.n).toBe(0);
    const [negative] = await rows<{ n: number }>(sql`select count(*)::int as n from quote where stock < 0`);
    expect(negative.n).toBe(0);
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders where not (
        (paid_at is null or paid_at >= created_at) and (shipped_at is null or shipped_at >= paid_at)
        and (completed_at is null or completed_at >= shipped_at) and (cancelled_at is null or cancelled_at >= created_at)
        and greatest(created_at, paid_at, shipped_at, completed_at, cancelled_at) <= now()
        and (status <> 'shipped' or auto_confirm_at > now())
        and (status <> 'completed' or completed_at is not null) and (status <> 'cancelled' or cancel_reason <> ''))`);
    expect(bad.n).toBe(0);
    // the line summary the list reads (migration 0027) is every order's, from its own lines
    const [unsummarized] = await rows<{ n: number; orders: number }>(sql`
      select count(*) filter (where o.item_count <> coalesce(s.n, 0)
          or o.items_text <> coalesce(order_items_text(s.names, s.qtys), ''))::int as n, count(*)::int as orders
      from orders o left join lateral (select count(*)::int as n, array_agg(i.name order by i.id) as names,
          array_agg(i.qty order by i.id) as qtys from order_item i where i.order_id = o.id) s on true`);
    expect(unsummarized).toEqual({ n: 0, orders: expect.any(Number) });
    expect(unsummarized!.orders).toBeGreaterThan(100);
  });

  it('dates every order’s number, payment, settlement and shipment by the order’s own timeline', async () => {
    // every seed that places orders (history, proxy orders, live-room orders) sets the walk's "now" back to its plan
    const wrong = await rows<{ id: number; what: string }>(sql`
      select o.id, 'order_no' as what from orders o
        where left(o.order_no, 8) <> to_char(o.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD')
      union all
      select s.order_id, 'settlement' from settlement s join orders o on o.id = s.order_id
        where s.paid_at is distinct from o.paid_at
          or s.settled_at is distinct from (case when s.status = 'settled' then o.completed_at end)
          or s.refunded_at is distinct from (case when s.status = 'refunded' then o.cancelled_at end)
      union all
      select p.order_id, 'payment' from order_payment p join orders o on o.id = p.order_id
        where p.status in ('paid', 'refunded') and p.paid_at is distinct from o.paid_at
      union all
      select e.order_id, 'express' from order_express e join orders o on o.id = e.order_id
        where e.shipped_at is distinct from o.shipped_at or e.created_at > now() - interval '1 minute'
          and o.shipped_at < now() - interval '1 hour'
      order by 1`);
    expect(wrong).toEqual([]);
    // every store took its orders after it joined the platform (the operator's list shows when)
    const [early] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders o join pharmacy p on p.id = o.pharmacy_id where o.created_at < p.created_at`);
    expect(early.n).toBe(0);
    // a member joined at their first order there at the latest, and was followed up only after becoming a customer
    const [late] = await rows<{ members: number; follow_ups: number }>(sql`
      select (select count(*)::int from viper v where v.created_at > (select min(o.created_at) from orders o
                where o.pharmacy_id = v.pharmacy_id and o.account_id = v.account_id and o.deleted_at is null)) as members,
             (select count(*)::int from customer_follow_up f join customer_info ci
                on ci.pharmacy_id = f.pharmacy_id and ci.account_id = f.account_id
              where f.contacted_at < ci.created_at) as follow_ups`);
    expect(late).toEqual({ members: 0, follow_ups: 0 });
  });

  it('ships with tracking numbers in each courier’s format and tracking events', async () => {
    const express = await rows<{ courier_code: string; tracking_no: string; events: number; status: string }>(sql`
      select e.courier_code, e.tracking_no, o.status,
        (select count(*)::int from order_express_event v where v.express_id = e.id) as events
      from order_express e join orders o on o.id = e.order_id`);
    const [shipped] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where status in ('shipped', 'completed')`,
    );
    expect(express.length).toBe(shipped.n);
    expect(new Set(express.map((e) => e.courier_code)).size).toBeGreaterThan(3);
    for (const e of express) {
      expect(detectCourier(e.tracking_no)?.code, e.tracking_no).toBe(e.courier_code);
      if (e.status === 'completed') expect(e.events).toBeGreaterThanOrEqual(5);
    }
  });

  it('gives the generated patients valid ID numbers and real divisions', async () => {
    const members = await rows<{ id_number: string }>(sql`select id_number from family_member`);
    expect(members.length).toBeGreaterThan(300);
    for (const m of members) expect(isValidIdNumber(m.id_number), m.id_number).toBe(true);
    const addresses = await rows<{ province: string; city: string; district: string }>(
      sql`select distinct province, city, district from address`,
    );
    expect(new Set(addresses.map((a) => a.province)).size).toBeGreaterThan(10);
    for (const a of addresses) expect(checkRegion(divisionIndex(), a), JSON.stringify(a)).toBeNull();
  });

  it('names and links a real order of the first store in every order message', async () => {
    const messages = await rows<{
      content: string;
      link: string | null;
      order_no: string | null;
      store: string | null;
    }>(sql`
      select m.content, m.link, o.order_no, p.name as store from message m
      left join orders o on m.link = '/pharmacy/order?order_no=' || o.order_no
      left join pharmacy p on p.id = o.pharmacy_id
      where m.kind = 'order'`);
    expect(messages.length).toBeGreaterThan(20);
    for (const m of messages) {
      expect(m.content).not.toMatch(/[{}]/);
      expect(m.order_no, m.content).not.toBeNull();
      expect(m.content).toContain(m.order_no);
      expect(m.store).toBe(demoPharmacies[0].name);
    }
  });

  it('runs once', async () => {
    expect(await seedDemoOrders(database.db)).toBe(false);
  });
});
