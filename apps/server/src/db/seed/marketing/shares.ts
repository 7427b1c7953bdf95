import { sql } from 'drizzle-orm';
import { queryRows } from '../../../lib/sql-rows';
import { demoPharmacies } from '../demo-data';
import { pick } from '../random';
import type { MarketingSeedContext } from './context';

const HOUR = 3_600_000;
const ts = (d: Date | null) => (d ? d.toISOString() : null);

interface Plan {
  /** the sharer's phone (customer service of the Pudong store) */
  by: string;
  /** the demo patient 李小华, or the n-th other customer of the pharmacy */
  to: 'demo' | number;
  kind: 'items' | 'combo' | 'live';
  status: 'pending' | 'approved' | 'rejected';
  title: string;
  message: string;
  reason?: string;
  hoursAgo: number;
  opens?: number;
}

const plans: Plan[] = [
  {
    by: '13800000004',
    to: 'demo',
    kind: 'combo',
    status: 'approved',
    title: '李阿姨的常备药套餐',
    message: '李阿姨您好，这是上次电话里说的套餐，现在买比单买省不少，有问题随时联系我。',
    hoursAgo: 30,
    opens: 1,
  },
  {
    by: '13800000004',
    to: 'demo',
    kind: 'items',
    status: 'pending',
    title: '降压药续购提醒',
    message: '您的降压药快吃完了，我帮您把常用的几样整理好了。',
    hoursAgo: 2,
  },
  {
    by: '13800000004',
    to: 0,
    kind: 'items',
    status: 'pending',
    title: '秋冬感冒常备',
    message: '天气转凉，家里备一些感冒药以防万一。',
    hoursAgo: 5,
  },
  {
    by: '13800000013',
    to: 1,
    kind: 'live',
    status: 'pending',
    title: '高血压用药直播课邀请',
    message: '周末有一节药师讲的高血压用药课，推荐您来听听。',
    hoursAgo: 8,
  },
  {
    by: '13800000004',
    to: 2,
    kind: 'items',
    status: 'rejected',
    title: '维生素补充组合',
    message: '给您搭配了几样维生素，可以一起吃。',
    reason: '商品数量超出常规用量，请核对后重新提交',
    hoursAgo: 50,
  },
  {
    by: '13800000012',
    to: 3,
    kind: 'live',
    status: 'approved',
    title: '糖尿病饮食管理公开课',
    message: '这节课讲控糖饮食，您上次问的问题老师会讲到。',
    hoursAgo: 72,
    opens: 2,
  },
  {
    by: '13800000013',
    to: 4,
    kind: 'combo',
    status: 'rejected',
    title: '换季调理套餐',
    message: '换季容易上火，这个套餐比较适合您。',
    reason: '分享语请勿使用功效宣传用语，修改后再提交',
    hoursAgo: 96,
  },
  {
    by: '13800000004',
    to: 5,
    kind: 'combo',
    status: 'pending',
    title: '老客户专享套餐',
    message: '感谢您一直以来的支持，这是给老客户的专享套餐。',
    hoursAgo: 1,
  },
  {
    by: '13800000004',
    to: 6,
    kind: 'items',
    status: 'approved',
    title: '术后护理用品',
    message: '术后护理需要的几样东西都在这里了，祝您早日康复。',
    hoursAgo: 120,
    opens: 3,
  },
];

/**
 * Share packages (分享套餐) of the first demo pharmacy: pending, approved and rejected (with a reason); kinds items,
 * combo and live; shared by its customer service 王丽娟 (13800000004), 郑佳怡 and 吴婷婷 with its customers, reviewed by
 * the manager 陈志强 (13800000003). One approved combo share (items when the store has no combo on sale) is for the
 * demo patient 李小华 (13900000001), to open on /patient/share.
 */
export async function seedShares(ctx: MarketingSeedContext): Promise<void> {
  const { tx } = ctx;
  const r = ctx.random(6);
  const first = (
    await queryRows<{ id: number }>(
      tx,
      sql`select id from pharmacy where name = ${demoPharmacies[0].name} order by id limit 1`,
    )
  ).rows[0];
  if (!first) return;
  const pharmacyId = first.id;
  if ((await queryRows(tx, sql`select 1 from share where pharmacy_id = ${pharmacyId} limit 1`)).rows.length) return;

  const staff = new Map(
    (
      await queryRows<{ phone: string; id: number }>(
        tx,
        sql`select a.id, a.phone from account a join pharmacy_member m on m.account_id = a.id
          where m.pharmacy_id = ${pharmacyId} and m.status = 'active'
            and a.phone in ('13800000003', '13800000004', '13800000012', '13800000013')`,
      )
    ).rows.map((s) => [s.phone, s.id]),
  );
  const reviewer = staff.get('13800000003');
  if (!reviewer || !staff.get('13800000004')) return;

  const demo = (await queryRows<{ phone: string }>(tx, sql`select phone from account where phone = '13900000001'`))
    .rows[0];
  const customers = (
    await queryRows<{ phone: string }>(
      tx,
      sql`select a.phone from viper v join account a on a.id = v.account_id
        where v.pharmacy_id = ${pharmacyId} and a.phone <> '13900000001'
          and not exists (select 1 from black_user b where b.pharmacy_id = v.pharmacy_id
            and (b.account_id = a.id or b.phone = a.phone))
        order by v.id limit 10`,
    )
  ).rows.map((c) => c.phone);
  const quotes = (
    await queryRows<{ id: number }>(
      tx,
      sql`select id from quote where pharmacy_id = ${pharmacyId} and status = 'on_shelf' and stock >= 10
        order by id limit 40`,
    )
  ).rows.map((q) => q.id);
  const combos = (
    await queryRows<{ id: number }>(
      tx,
      sql`select id from quote_set where pharmacy_id = ${pharmacyId} and status = 'on_sale' order by id`,
    )
  ).rows.map((c) => c.id);
  const lives = (
    await queryRows<{ id: number }>(
      tx,
      sql`select id from live where pharmacy_id = ${pharmacyId} and status <> 'draft' order by start_at desc, id`,
    )
  ).rows.map((l) => l.id);
  if (quotes.length < 3) return;

  const itemsOf = () => {
    const n = 1 + Math.floor(r() * 3);
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(pick(r, quotes));
    return [...chosen].map((quote_id) => ({ quote_id, qty: 1 + Math.floor(r() * 3) }));
  };

  for (const plan of plans) {
    const sharerId = staff.get(plan.by) ?? staff.get('13800000004')!;
    const phone = plan.to === 'demo' ? demo?.phone : customers[plan.to % Math.max(customers.length, 1)];
    if (!phone) continue;
    // a kind the store cannot offer falls back to quotes (a store without combos or lives still gets every state)
    const kind =
      plan.kind === 'combo' && combos.length === 0
        ? 'items'
        : plan.kind === 'live' && lives.length === 0
          ? 'items'
          : plan.kind;
    const items = kind === 'items' ? itemsOf() : [];
    const quoteSetId = kind === 'combo' ? pick(r, combos) : null;
    const liveId = kind === 'live' ? lives[0] : null;
    const created = new Date(ctx.now - plan.hoursAgo * HOUR);
    const reviewed = plan.status === 'pending' ? null : new Date(created.getTime() + 2 * HOUR);
    const opened = plan.opens && reviewed ? new Date(reviewed.getTime() + 3 * HOUR) : null;
    await tx.execute(sql`
      insert into share (pharmacy_id, sharer_account_id, kind, title, message, items, quote_set_id, live_id,
        recipient_phone, status, reject_reason, reviewer_account_id, reviewed_at, opened_at, open_count,
        created_at, updated_at)
      values (${pharmacyId}, ${sharerId}, ${kind}, ${plan.title}, ${plan.message}, ${JSON.stringify(items)}::jsonb,
        ${quoteSetId}, ${liveId}, ${phone}, ${plan.status}, ${plan.reason ?? ''},
        ${reviewed ? reviewer : null}, ${ts(reviewed)}::timestamptz, ${ts(opened)}::timestamptz,
        ${opened ? (plan.opens ?? 0) : 0}, ${ts(created)}::timestamptz, ${ts(reviewed ?? created)}::timestamptz)`);
  }
}
