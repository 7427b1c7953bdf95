import { sql } from 'drizzle-orm';
import { queryRows } from '../../../lib/sql-rows';
import { customerFollowUp, customerInfo } from '../../schema/index';
import { int, pick, type Rand } from '../random';
import type { MarketingSeedContext } from './context';

const DAY_MS = 86_400_000;
const DEMO_PATIENT = '13900000001';

type Method = 'phone' | 'wechat' | 'visit' | 'chat' | 'sms' | 'other';
const notes: Record<Method, string[]> = {
  phone: [
    '电话回访用药情况，血压控制平稳，提醒按时服药。',
    '电话确认收货，药品完好，客户表示满意。',
    '电话沟通复购需求，下周需要补充降糖药。',
    '电话未接通，稍后再联系。',
  ],
  wechat: [
    '微信发送了用药提醒和饮食建议。',
    '微信询问孩子退烧后的用药，已建议停药观察。',
    '微信推送会员日活动，客户有兴趣。',
  ],
  visit: ['到店测量血压 135/85，建议继续当前方案。', '到店咨询维生素搭配，已推荐复合维生素。'],
  chat: ['在线咨询过敏用药，已转药师解答。', '在线沟通处方续方流程。'],
  sms: ['短信提醒慢病药品即将用完。', '短信通知直播课开课时间。'],
  other: ['社区义诊现场登记，留下联系方式。'],
};
const methods: Method[] = ['phone', 'phone', 'phone', 'wechat', 'wechat', 'visit', 'chat', 'sms', 'other'];
const sources = ['门店到店', '电话咨询', '老客介绍', '线上问诊', '直播间'];
const crmTags = ['需回访', '价格敏感', '会员日活跃', '偏好电话', '偏好微信'];
const remarks = [
  '',
  '',
  '偏好下午联系。',
  '子女代为购药，联系时先确认身份。',
  '对价格较敏感，优先推荐会员价商品。',
  '长期服用降压药，每月月初复购。',
];

/** A follow-up's instant after a customer joined: a day since then in opening hours, not before joining. */
function sinceJoining(r: Rand, now: number, joined: number) {
  const at = dayAgo(r, now, 0, Math.floor((now - joined) / DAY_MS));
  return at > joined ? at : Math.min(joined + int(r, 10, 120) * 60_000, now - 60_000);
}

/** An instant between `from` and `to` days ago, inside opening hours (09:00–20:00 Shanghai). */
function dayAgo(r: Rand, now: number, from: number, to: number) {
  const days = int(r, from, to);
  const midnight = Math.floor((now + 8 * 3_600_000 - days * DAY_MS) / DAY_MS) * DAY_MS - 8 * 3_600_000;
  const at = midnight + int(r, 9 * 60, 19 * 60 + 30) * 60_000;
  return Math.min(at, now - 5 * 60_000);
}

/**
 * Customers (会员管理) of the first two demo pharmacies: its buyers and prescription patients become members (viper,
 * joined at their first order or prescription), then a customer_info per member with owners spread over
 * the pharmacy's active customer service and managers (about one in seven unowned), tags (the member's and a CRM
 * tag), source and channel (copied from the member), and a follow-up history:
 * - most customers: 1–5 follow-ups over the last 60 days (last_contact_at = the latest);
 * - about one in six: nothing for 90+ days (an old follow-up 90–150 days ago, or never contacted), for the list's
 *   "90 天未联系" filter.
 * The demo patient 李小华 keeps the card the foundation seed gave her (王丽娟's) and gets recent follow-ups.
 */
export async function seedCustomers(ctx: MarketingSeedContext): Promise<void> {
  const { tx, now } = ctx;
  const r = ctx.random(3);
  if ((await queryRows(tx, sql`select 1 from customer_follow_up limit 1`)).rows.length) return;
  const pharmacies = (
    await queryRows<{ id: number }>(tx, sql`select id from pharmacy where status = 'active' order by id limit 2`)
  ).rows;

  for (const { id: pharmacyId } of pharmacies) {
    const staff = (
      await queryRows<{ account_id: number; role: string }>(
        tx,
        sql`select account_id, role from pharmacy_member where pharmacy_id = ${pharmacyId} and status = 'active'
          and role in ('customer_service', 'manager') order by role = 'customer_service' desc, id`,
      )
    ).rows;
    if (!staff.length) continue;
    // whoever bought or was prescribed at the pharmacy is its member too, joined at their first order or prescription
    await tx.execute(sql`insert into viper (pharmacy_id, account_id, created_at, updated_at)
      select ${pharmacyId}, account_id, min(at), min(at) from (
        select account_id, created_at as at from orders where pharmacy_id = ${pharmacyId} and deleted_at is null
        union all
        select account_id, created_at from recipe where pharmacy_id = ${pharmacyId}
      ) s group by account_id
      on conflict (pharmacy_id, account_id) do update
        -- a card the foundation seed made at its start (李小华's) dates from her first order or prescription too
        set created_at = least(viper.created_at, excluded.created_at)`);
    // customer service owns most customers; a manager some
    const owners = staff.flatMap((s) => (s.role === 'customer_service' ? [s, s, s] : [s])).map((s) => s.account_id);
    const members = (
      await queryRows<{
        account_id: number;
        phone: string;
        channel_id: number | null;
        channel_name: string | null;
        tags: string[] | null;
        created_at: Date | string;
      }>(
        tx,
        sql`select v.account_id, a.phone, v.channel_id, ch.name as channel_name, v.tags, v.created_at
          from viper v join account a on a.id = v.account_id
          left join channel ch on ch.id = v.channel_id and ch.pharmacy_id = v.pharmacy_id
          where v.pharmacy_id = ${pharmacyId} order by v.id`,
      )
    ).rows;
    if (!members.length) continue;

    await tx
      .insert(customerInfo)
      .values(
        members.map((m) => {
          const tags = [...(m.tags ?? []).slice(0, 2)];
          if (r() < 0.5) tags.push(pick(r, crmTags));
          return {
            pharmacyId,
            accountId: m.account_id,
            ownerAccountId: r() < 0.15 ? null : pick(r, owners),
            source: m.channel_name ?? pick(r, sources),
            channelId: m.channel_id,
            tags: [...new Set(tags)],
            notes: pick(r, remarks),
            createdAt: new Date(m.created_at),
          };
        }),
      )
      .onConflictDoNothing();
    // cards made before this part (the foundation seed's, proxy orders') take the member's channel and join date
    await tx.execute(sql`update customer_info ci set channel_id = coalesce(ci.channel_id, v.channel_id),
        created_at = least(ci.created_at, v.created_at)
      from viper v
      where ci.pharmacy_id = ${pharmacyId} and v.pharmacy_id = ci.pharmacy_id and v.account_id = ci.account_id`);

    const cards = (
      await queryRows<{ account_id: number; owner: number | null; phone: string; created_at: Date | string }>(
        tx,
        sql`select ci.account_id, ci.owner_account_id as owner, a.phone, ci.created_at from customer_info ci
          join account a on a.id = ci.account_id where ci.pharmacy_id = ${pharmacyId} order by ci.id`,
      )
    ).rows;
    const followUps: (typeof customerFollowUp.$inferInsert)[] = [];
    const lastContact = new Map<number, number>();
    for (const card of cards) {
      const demo = card.phone === DEMO_PATIENT;
      const roll = demo ? 1 : r();
      let times: number[] = [];
      if (roll < 0.07)
        times = []; // never contacted
      else if (roll < 0.17) times = [dayAgo(r, now, 90, 150)];
      else {
        const n = demo ? 4 : int(r, 1, 5);
        times = Array.from({ length: n }, () => dayAgo(r, now, 0, 60));
      }
      // nobody is followed up before they became a customer: a time before the card moves after it (a customer of
      // last week is not one "unheard of for 90 days")
      const joined = new Date(card.created_at).getTime();
      times = times
        .filter((at) => (at >= joined || roll >= 0.17) && joined < now - 10 * 60_000)
        .map((at) => (at >= joined ? at : sinceJoining(r, now, joined)))
        .sort((a, b) => a - b);
      times.forEach((at, i) => {
        const method = pick(r, methods);
        const latest = i === times.length - 1;
        followUps.push({
          pharmacyId,
          accountId: card.account_id,
          authorAccountId: card.owner !== null && r() < 0.8 ? card.owner : pick(r, staff).account_id,
          method,
          content: pick(r, notes[method]),
          contactedAt: new Date(at),
          // the latest recent one often plans the next contact
          nextFollowUpAt: latest && at > now - 60 * DAY_MS && r() < 0.5 ? new Date(at + int(r, 3, 21) * DAY_MS) : null,
          createdAt: new Date(at),
          updatedAt: new Date(at),
        });
      });
      if (times.length) lastContact.set(card.account_id, times[times.length - 1]);
    }
    for (let i = 0; i < followUps.length; i += 500) {
      await tx.insert(customerFollowUp).values(followUps.slice(i, i + 500));
    }
    for (const [accountId, at] of lastContact) {
      await tx.execute(sql`update customer_info set last_contact_at = ${new Date(at).toISOString()}::timestamptz
        where pharmacy_id = ${pharmacyId} and account_id = ${accountId}`);
    }
  }
}
