import { add, formatMoney, multiply, type OrderStatus } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { summarizeOrderLines } from '../lib/order-lines';
import { transitionOrder } from '../lib/order-state';
import { queryRows } from '../lib/sql-rows';

/**
 * Test orders written straight to the database, then walked through the real state machine to the wanted status
 * (pay → ship → complete, or cancel), so their payments, settlements and stock are what the module writes.
 * Tests of the order routes themselves place orders through the patient's API instead.
 */
export interface FixtureOrder {
  pharmacyId: number;
  /** the buyer; the demo patient when omitted */
  accountId?: number;
  status?: OrderStatus;
  /** quotes of the pharmacy and quantities; the pharmacy's first on-shelf quotes with stock when omitted */
  lines?: { quoteId: number; qty: number }[];
  freight?: string;
  receiverName?: string;
  receiverPhone?: string;
  createdAt?: Date;
}

let fixtureSeq = 0;

export async function demoPatientId(db: DbExecutor): Promise<number> {
  const { rows } = await queryRows<{ id: number }>(db, sql`select id from account where phone = '13900000001'`);
  return rows[0]!.id;
}

/** The pharmacy's first on-shelf quotes with stock (optionally only RX or only non-RX products). */
export async function pickQuotes(db: DbExecutor, pharmacyId: number, n: number, rx?: boolean) {
  const { rows } = await queryRows<{ id: number }>(
    db,
    sql`select q.id from quote q join product p on p.id = q.product_id
        where q.pharmacy_id = ${pharmacyId} and q.status = 'on_shelf' and q.stock >= 10
          ${rx === undefined ? sql`` : rx ? sql`and p.type = 'RX'` : sql`and p.type <> 'RX'`}
        order by q.id limit ${n}`,
  );
  return rows.map((r) => r.id);
}

export async function insertOrder(db: DbExecutor, spec: FixtureOrder): Promise<{ id: number; orderNo: string }> {
  const accountId = spec.accountId ?? (await demoPatientId(db));
  const lines = spec.lines ?? (await pickQuotes(db, spec.pharmacyId, 2, false)).map((quoteId) => ({ quoteId, qty: 1 }));
  const quoteIds = lines.map((l) => l.quoteId);
  const { rows: quotes } = await queryRows<{
    id: number;
    product_id: number;
    name: string;
    spec: string;
    type: string;
    approval_no: string;
    price: string;
  }>(
    db,
    sql`select q.id, q.product_id, p.name, p.spec, p.type, p.approval_no, q.price::text as price
        from quote q join product p on p.id = q.product_id
        where q.pharmacy_id = ${spec.pharmacyId} and q.id in (${sql.join(
          quoteIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  let goods = '0';
  for (const l of lines) goods = add(goods, multiply(quotes.find((q) => q.id === l.quoteId)!.price, l.qty));
  const freight = spec.freight ?? '0.00';
  const hasRx = quotes.some((q) => q.type === 'RX');
  fixtureSeq += 1;
  const orderNo = `T${Date.now()}${String(fixtureSeq).padStart(4, '0')}`;
  const createdAt = spec.createdAt ?? new Date();
  const { rows } = await queryRows<{ id: number }>(
    db,
    sql`insert into orders (order_no, pharmacy_id, account_id, kind, has_rx, status, goods_amount, freight,
          discount, pay_amount, patient_name, receiver_name, receiver_phone, province, city, district,
          address_detail, created_at)
        values (${orderNo}, ${spec.pharmacyId}, ${accountId}, ${hasRx ? 'rx' : 'normal'}, ${hasRx},
          'pending_payment', ${formatMoney(goods)}, ${freight}, '0.00', ${formatMoney(add(goods, freight))}, '李小华',
          ${spec.receiverName ?? '李小华'}, ${spec.receiverPhone ?? '13900000001'}, '浙江省', '杭州市', '西湖区',
          '文三路 90 号 3 幢 501 室', ${createdAt.toISOString()})
        returning id`,
  );
  const id = rows[0]!.id;
  for (const l of lines) {
    const q = quotes.find((x) => x.id === l.quoteId)!;
    const taken = await queryRows(
      db,
      sql`update quote set stock = stock - ${l.qty}, sales_count = sales_count + ${l.qty}
          where id = ${q.id} and stock >= ${l.qty}`,
    );
    if (!taken.rowCount) throw new Error(`insertOrder: quote ${q.id} has not ${l.qty} in stock`);
    await db.execute(sql`
      insert into order_item (order_id, quote_id, product_id, name, spec, product_type, approval_no, price, qty, subtotal)
      values (${id}, ${q.id}, ${q.product_id}, ${q.name}, ${q.spec}, ${q.type}, ${q.approval_no}, ${q.price}, ${l.qty},
        ${formatMoney(multiply(q.price, l.qty))})`);
  }
  await summarizeOrderLines(db, [id]);
  const status = spec.status ?? 'pending_payment';
  const path: Record<OrderStatus, ('pay' | 'approve_review' | 'ship' | 'complete' | 'cancel')[]> = {
    pending_payment: [],
    pending_review: ['pay'],
    pending_shipment: hasRx ? ['pay', 'approve_review'] : ['pay'],
    shipped: hasRx ? ['pay', 'approve_review', 'ship'] : ['pay', 'ship'],
    completed: hasRx ? ['pay', 'approve_review', 'ship', 'complete'] : ['pay', 'ship', 'complete'],
    cancelled: ['cancel'],
  };
  if (status === 'pending_review' && !hasRx) throw new Error('insertOrder: pending_review needs an RX line');
  for (const action of path[status]) await transitionOrder(db, id, action);
  return { id, orderNo };
}
