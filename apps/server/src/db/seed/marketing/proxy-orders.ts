import { sql } from 'drizzle-orm';
import { transitionOrder } from '../../../lib/order-state';
import { paymentProviderRegistry } from '../../../lib/payment';
import { queryRows } from '../../../lib/sql-rows';
import { UserOrderRepository } from '../../../modules/orders/user-order.repository';
import { UserOrderService } from '../../../modules/orders/user-order.service';
import type { Database } from '../../client';
import { settlementTimesFromOrders } from '../orders';
import { int, pick } from '../random';
import type { MarketingSeedContext } from './context';

const HOUR = 3_600_000;

type Walk = 'pending_payment' | 'pending_review' | 'pending_shipment' | 'shipped' | 'completed' | 'cancelled';

interface Plan {
  kind: 'proxy' | 'non_drug';
  /** the staff member who places it (13800000004 customer service, 13800000003 manager) */
  by: string;
  /** the demo patient, or the n-th other customer of the pharmacy */
  buyer: 'demo' | number;
  walk: Walk;
  rx?: boolean;
  combo?: boolean;
  hoursAgo: number;
  remark: string;
}

/**
 * Proxy and non-drug orders of the first demo pharmacy placed by its customer service 王丽娟 (13800000004) and its
 * manager 陈志强 (13800000003) for its customers, through the orders module's one placing path (UserOrderService
 * with a staff placement: stock in the same statement, totals by the server) and walked through the state machine
 * (pay, approve_review, ship, complete, cancel), so payments, settlements, consultations and stock are what the
 * product writes. One unpaid proxy order is the demo patient 李小华's (13900000001), to try the payment link on.
 */
export async function seedProxyOrders(ctx: MarketingSeedContext): Promise<void> {
  const { tx } = ctx;
  // once: the orders are placed under idempotency keys of their own (a second run would only replay them)
  const done = await queryRows(tx, sql`select 1 from orders where idempotency_key like 'seed-proxy-%' limit 1`);
  if (done.rows.length) return;
  const r = ctx.random(7);
  const first = (
    await queryRows<{ id: number }>(tx, sql`select id from pharmacy where status = 'active' order by id limit 1`)
  ).rows[0];
  if (!first) return;
  const pharmacyId = first.id;
  const staff = new Map(
    (
      await queryRows<{ phone: string; id: number }>(
        tx,
        sql`select a.id, a.phone from account a join pharmacy_member m on m.account_id = a.id
          where m.pharmacy_id = ${pharmacyId} and a.phone in ('13800000003', '13800000004')`,
      )
    ).rows.map((s) => [s.phone, s.id]),
  );
  const cs = staff.get('13800000004');
  if (!cs || !staff.get('13800000003')) return;

  // customers who can be ordered for: a family member and an address each; 王丽娟's own first
  const buyers = (
    await queryRows<{ account_id: number; member_id: number; address_id: number }>(
      tx,
      sql`select a.id as account_id,
          (select f.id from family_member f where f.account_id = a.id order by f.is_default desc, f.id limit 1)
            as member_id,
          (select d.id from address d where d.account_id = a.id order by d.is_default desc, d.id limit 1)
            as address_id
        from viper v join account a on a.id = v.account_id
        left join customer_info ci on ci.pharmacy_id = v.pharmacy_id and ci.account_id = v.account_id
        where v.pharmacy_id = ${pharmacyId} and a.phone <> '13900000001'
          and exists (select 1 from family_member f where f.account_id = a.id)
          and exists (select 1 from address d where d.account_id = a.id)
          and not exists (select 1 from black_user b where b.pharmacy_id = v.pharmacy_id
            and (b.account_id = a.id or b.phone = a.phone))
        order by (ci.owner_account_id = ${cs}) desc nulls last, v.id
        limit 6`,
    )
  ).rows;
  const demo = (
    await queryRows<{ account_id: number; member_id: number | null; address_id: number | null }>(
      tx,
      sql`select a.id as account_id,
          (select f.id from family_member f where f.account_id = a.id order by f.is_default desc, f.id limit 1)
            as member_id,
          (select d.id from address d where d.account_id = a.id order by d.is_default desc, d.id limit 1)
            as address_id
        from account a where a.phone = '13900000001'`,
    )
  ).rows[0];

  const quotes = (
    await queryRows<{ id: number; type: string; stock: number }>(
      tx,
      sql`select q.id, p.type, q.stock from quote q join product p on p.id = q.product_id
        where q.pharmacy_id = ${pharmacyId} and q.status = 'on_shelf' and p.status = 'active' and q.stock >= 30
        order by q.id`,
    )
  ).rows;
  const ofType = (t: (type: string) => boolean) => quotes.filter((q) => t(q.type)).map((q) => q.id);
  const nonDrug = ofType((t) => t === 'NON_DRUG');
  const rx = ofType((t) => t === 'RX');
  const otc = ofType((t) => t === 'OTC');
  const combo = (
    await queryRows<{ id: number }>(
      tx,
      sql`select s.id from quote_set s where s.pharmacy_id = ${pharmacyId} and s.status = 'on_sale'
        and not exists (select 1 from quote_set_item i join quote q on q.id = i.quote_id
          join product p on p.id = q.product_id
          where i.quote_set_id = s.id and (q.status <> 'on_shelf' or p.status <> 'active' or q.stock < 10 * i.qty))
        order by s.id limit 1`,
    )
  ).rows[0];
  if (!nonDrug.length || !otc.length) return;

  const plans: Plan[] = [
    {
      kind: 'proxy',
      by: '13800000004',
      buyer: 'demo',
      walk: 'pending_payment',
      hoursAgo: 2,
      remark: '电话沟通后代下单',
    },
    { kind: 'non_drug', by: '13800000004', buyer: 0, walk: 'pending_payment', hoursAgo: 5, remark: '客户需要血压计' },
    { kind: 'non_drug', by: '13800000004', buyer: 1, walk: 'pending_shipment', hoursAgo: 20, remark: '' },
    { kind: 'proxy', by: '13800000004', buyer: 2, walk: 'pending_review', rx: true, hoursAgo: 28, remark: '复诊续方' },
    { kind: 'non_drug', by: '13800000004', buyer: 3, walk: 'completed', hoursAgo: 24 * 9, remark: '老客户回购' },
    { kind: 'proxy', by: '13800000003', buyer: 4, walk: 'shipped', hoursAgo: 24 * 2, remark: '' },
    { kind: 'proxy', by: '13800000003', buyer: 5, walk: 'cancelled', hoursAgo: 24 * 3, remark: '客户改约' },
    { kind: 'proxy', by: '13800000003', buyer: 1, walk: 'pending_shipment', combo: true, hoursAgo: 30, remark: '套餐' },
  ];

  // oldest first, so ids and order numbers grow with time as real traffic's do
  plans.sort((a, b) => b.hoursAgo - a.hoursAgo);
  const service = new UserOrderService(new UserOrderRepository(tx as unknown as Database), paymentProviderRegistry());
  let seq = 0;
  for (const plan of plans) {
    const buyer = plan.buyer === 'demo' ? demo : buyers[plan.buyer];
    if (!buyer?.member_id || !buyer.address_id) continue;
    if (plan.rx && !rx.length) continue;
    if (plan.combo && !combo) continue;
    const staffId = staff.get(plan.by)!;
    // the buyer is a customer of the pharmacy (a card if the customers part made none)
    await tx.execute(sql`insert into viper (pharmacy_id, account_id) values (${pharmacyId}, ${buyer.account_id})
      on conflict do nothing`);
    await tx.execute(sql`insert into customer_info (pharmacy_id, account_id, owner_account_id, source)
      values (${pharmacyId}, ${buyer.account_id}, ${cs}, '代下单') on conflict do nothing`);

    const lines =
      plan.kind === 'non_drug'
        ? [{ quote_id: pick(r, nonDrug), qty: int(r, 1, 3) }]
        : plan.combo
          ? []
          : plan.rx
            ? [
                { quote_id: pick(r, rx), qty: 1 },
                { quote_id: pick(r, otc), qty: int(r, 1, 2) },
              ]
            : [
                { quote_id: pick(r, otc), qty: int(r, 1, 2) },
                { quote_id: pick(r, nonDrug), qty: 1 },
              ];
    const unique = [...new Map(lines.map((l) => [l.quote_id, l])).values()];
    seq += 1;
    const order = await service.create(
      buyer.account_id,
      {
        pharmacy_id: pharmacyId,
        family_member_id: buyer.member_id,
        address_id: buyer.address_id,
        lines: unique,
        ...(plan.combo ? { quote_set_id: combo!.id, quote_set_qty: 1 } : {}),
        buyer_remark: plan.remark,
      },
      `seed-proxy-${seq}`,
      { kind: plan.kind, createdBy: staffId },
    );
    const id = order.id;
    const at = ctx.now - plan.hoursAgo * HOUR;
    if (plan.walk === 'cancelled') {
      await transitionOrder(tx, id, 'cancel', { cancelledBy: 'buyer', set: { cancel_reason: '客户改约，暂不需要' } });
    } else if (plan.walk !== 'pending_payment') {
      // the customer opens the offline payment on the link; the pharmacy confirms the transfer
      await service.pay(buyer.account_id, id, { provider: 'offline', reference: '' });
      await transitionOrder(tx, id, 'pay', { confirmedBy: staffId });
      if (order.has_rx && plan.walk !== 'pending_review') await transitionOrder(tx, id, 'approve_review');
      if (plan.walk === 'shipped' || plan.walk === 'completed') {
        await transitionOrder(tx, id, 'ship');
        const trackingNo = `SF${String(1_400_000_000_000 + int(r, 0, 99_999_999_999)).padStart(13, '0')}`;
        await tx.execute(sql`insert into order_express (order_id, pharmacy_id, courier_code, company_name, tracking_no,
            source, shipped_at, created_by)
          values (${id}, ${pharmacyId}, 'SF', '顺丰速运', ${trackingNo}, 'manual',
            ${new Date(at + 6 * HOUR).toISOString()}, ${staffId})`);
        // the courier's tracking as the sandbox records it: picked up, in transit, out for delivery (and signed for)
        const steps: [number, string, string][] = [
          [7, '【上海市】顺丰速运 已收取快件', '上海浦东新区张江营业部'],
          [12, '【上海市】快件已发车，正在发往转运中心', '上海浦东集散中心'],
          [20, '【上海市】快件已到达转运中心', '上海转运中心'],
          [26, '【上海市】快件交给快递员，正在派送途中', '上海浦东世纪公园营业点'],
        ];
        if (plan.walk === 'completed') steps.push([30, '【上海市】快件已签收，签收人：本人', '上海浦东世纪公园营业点']);
        for (const [hours, description, location] of steps) {
          await tx.execute(sql`insert into order_express_event (express_id, occurred_at, description, location)
            select e.id, ${new Date(Math.min(at + hours * HOUR, ctx.now - HOUR)).toISOString()}, ${description},
              ${location}
            from order_express e where e.order_id = ${id}`);
        }
      }
      if (plan.walk === 'completed') await transitionOrder(tx, id, 'complete', { completedBy: 'user' });
    }
    // its timeline set back to when the plan says it happened (the walk wrote now)
    const iso = (ms: number) => new Date(Math.min(ms, ctx.now)).toISOString();
    await tx.execute(sql`update orders set
        created_at = ${iso(at)}, updated_at = ${iso(at + 2 * HOUR)},
        paid_at = case when paid_at is null then null else ${iso(at + HOUR)}::timestamptz end,
        shipped_at = case when shipped_at is null then null else ${iso(at + 6 * HOUR)}::timestamptz end,
        auto_confirm_at = case when auto_confirm_at is null then null
          else greatest(${iso(at + 6 * HOUR)}::timestamptz + interval '7 days', now() + interval '1 day') end,
        completed_at = case when completed_at is null then null else ${iso(at + 3 * 24 * HOUR)}::timestamptz end,
        cancelled_at = case when cancelled_at is null then null else ${iso(at + 3 * HOUR)}::timestamptz end
      where id = ${id}`);
    await tx.execute(sql`update order_payment set created_at = ${iso(at + 0.5 * HOUR)},
        paid_at = case when paid_at is null then null else ${iso(at + HOUR)}::timestamptz end
      where order_id = ${id}`);
    // the number dated by the day it was placed (Shanghai), its sequence kept; the money and shipment by the order
    await tx.execute(sql`update orders
        set order_no = to_char(created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') || right(order_no, 10)
      where id = ${id}`);
    await settlementTimesFromOrders(tx, [id]);
    await tx.execute(sql`update order_express e set shipped_at = o.shipped_at, created_at = o.shipped_at,
        updated_at = o.shipped_at
      from orders o where o.id = e.order_id and e.order_id = ${id}`);
    if (plan.remark) {
      await tx.execute(sql`insert into order_remark (order_id, pharmacy_id, author_id, author_name, content, created_at)
        select ${id}, ${pharmacyId}, a.id, a.name, ${`已通知客户付款：${plan.remark}`}, ${iso(at + 0.2 * HOUR)}
        from account a where a.id = ${staffId}`);
    }
  }
}
