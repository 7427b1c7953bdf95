import {
  type ChatMessageKind,
  type ChatSenderSide,
  chatSystemTexts,
  type OrderStatus,
  orderStatusLabels,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/sql-rows';
import type { Database, DbExecutor } from '../client';
import { chatCannedReply, chatMessage, chatSetting, conversation } from '../schema/index';
import { demoPharmacies } from './demo-data';

/** Serialises this seed across instances (accounts 72_011_002 … clinical 72_011_006). */
const CHAT_LOCK_KEY = 72_011_007;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Each foundation store's chat settings: its greeting, its opening hours (demo-data.ts), a per-person limit. */
const storeSettings = [
  { workStart: '08:00', workEnd: '22:00', perStaffLimit: 10 },
  { workStart: '08:30', workEnd: '21:30', perStaffLimit: 8 },
  // open 24 hours
  { workStart: '00:00', workEnd: '23:59', perStaffLimit: 6 },
] as const;

export const demoGreeting = (pharmacyName: string) =>
  `您好，欢迎咨询${pharmacyName}！请描述您的问题，药师将尽快为您解答。`;

/** The canned replies every demo store gets (the staff type `/` and the shortcut). */
export const demoCannedReplies = [
  { shortcut: '问候', content: '您好，很高兴为您服务，请问有什么可以帮您？' },
  { shortcut: '稍等', content: '好的，我帮您查询一下，请稍等。' },
  { shortcut: '发货', content: '您的订单我们会在 24 小时内安排发货，发货后可在订单详情中查看物流信息。' },
  { shortcut: '处方药', content: '该药品为处方药，需凭医生处方购买，下单时请上传处方或选择在线问诊由医生开方。' },
  { shortcut: '用药提醒', content: '请按说明书或医嘱用药，如出现皮疹、呼吸困难等不适，请立即停药并及时就医。' },
  { shortcut: '退换', content: '药品属于特殊商品，非质量问题一经售出不支持退换，敬请谅解。' },
  { shortcut: '发票', content: '可以开具电子发票，请提供发票抬头和税号，发货后我们会发送至您的邮箱。' },
  { shortcut: '结束语', content: '感谢您的咨询，祝您早日康复！如有其他问题欢迎随时联系我们。' },
] as const;

/**
 * The chat room's demo data (docs/chat.md "Demo data"), on top of the orders and clinical seeds: settings and canned
 * replies for the three foundation stores; for the Pudong store (where customer service 王丽娟 13800000004 and
 * pharmacist 刘静怡 13800000006 work) conversations with patients who ordered there: one waiting in the queue with
 * unread questions, one with 王丽娟 about the patient's shipped order (an order card of that real order), one with
 * 刘静怡 and the demo patient 13900000001 about a medicine (a product card of a real quote of the store), and two
 * closed ones for the history. Messages carry seqs 1..n; counters, previews and read seqs agree with them.
 * Runs once, in one transaction: skips when any chat setting exists.
 */
export async function seedChat(db: Database, options: { now?: Date } = {}): Promise<boolean> {
  const exists = async (q: DbExecutor) => (await queryRows(q, sql`select 1 from chat_setting limit 1`)).rows.length > 0;
  if (await exists(db)) return false;
  let seeded = true;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAT_LOCK_KEY})`);
    if (await exists(tx)) {
      seeded = false;
      return;
    }
    seeded = await seedInside(tx, (options.now ?? new Date()).getTime());
  });
  return seeded;
}

async function one<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await queryRows<T>(tx, query)).rows[0];
}

interface DemoMessage {
  side: ChatSenderSide;
  kind: ChatMessageKind;
  body: string;
  payload?: unknown;
  /** Minutes before seeding. */
  ago: number;
}

const previewOf = (m: DemoMessage): string => {
  switch (m.kind) {
    case 'text':
      return [...m.body].slice(0, 60).join('');
    case 'image':
      return '[图片]';
    case 'product':
      return `[商品] ${(m.payload as { name: string }).name}`;
    case 'order':
      return `[订单] ${(m.payload as { order_no: string }).order_no}`;
    default:
      return m.body;
  }
};

async function seedInside(tx: Tx, now: number): Promise<boolean> {
  const names = demoPharmacies.map((p) => p.name);
  const stores = (
    await queryRows<{ id: number; name: string }>(
      tx,
      sql`select id, name from pharmacy where name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    )
  ).rows;
  const pharmacies = names.map((n) => stores.find((s) => s.name === n));
  if (pharmacies.some((p) => !p)) return false;

  // ------------------------------------------------------------------ settings and canned replies
  await tx.insert(chatSetting).values(
    pharmacies.map((p, i) => ({
      pharmacyId: p!.id,
      greeting: demoGreeting(p!.name),
      offHoursReply:
        i === 2
          ? '您好，值班药师正在忙，您的留言我们已收到，稍后将第一时间回复您。'
          : `您好，现在是非工作时间（本店在线咨询时间 ${storeSettings[i].workStart}-${storeSettings[i].workEnd}），您的留言我们已收到，上班后将第一时间回复您。`,
      workDays: [1, 2, 3, 4, 5, 6, 7],
      workStart: storeSettings[i].workStart,
      workEnd: storeSettings[i].workEnd,
      perStaffLimit: storeSettings[i].perStaffLimit,
      updatedAt: new Date(now - 30 * DAY),
    })),
  );
  await tx.insert(chatCannedReply).values(
    pharmacies.flatMap((p) =>
      demoCannedReplies.map((r, sort) => ({
        pharmacyId: p!.id,
        shortcut: r.shortcut,
        content: r.content,
        sort,
        createdAt: new Date(now - 30 * DAY),
        updatedAt: new Date(now - 30 * DAY),
      })),
    ),
  );

  // ------------------------------------------------------------------ the Pudong store's conversations
  const pudong = pharmacies[0]!;
  const accountOf = async (phone: string) =>
    (await one<{ id: number; name: string }>(tx, sql`select id, name from account where phone = ${phone}`))!;
  const cs = await accountOf('13800000004');
  const pharmacist = await accountOf('13800000006');
  const demoPatient = await accountOf('13900000001');
  if (!cs || !pharmacist || !demoPatient) return true;

  // a generated patient's order at the store, shipped with a tracking number: the customer-service conversation
  const shipped = await one<{
    order_id: number;
    account_id: number;
    order_no: string;
    status: string;
    total: string;
    created_at: Date | string;
    item_count: number;
    first_item: string | null;
    company_name: string;
    tracking_no: string;
    shipped_at: Date | string;
    last_event: string | null;
  }>(
    tx,
    sql`select o.id as order_id, o.account_id, o.order_no, o.status, o.pay_amount::text as total, o.created_at,
        (select coalesce(sum(i.qty), 0)::int from order_item i where i.order_id = o.id) as item_count,
        (select i.name from order_item i where i.order_id = o.id order by i.id limit 1) as first_item,
        e.company_name, e.tracking_no, o.shipped_at,
        (select v.description from order_express_event v where v.express_id = e.id
          order by v.occurred_at desc, v.id desc limit 1) as last_event
      from orders o join order_express e on e.order_id = o.id
      where o.pharmacy_id = ${pudong.id} and o.status = 'shipped' and o.deleted_at is null
        and o.account_id <> ${demoPatient.id}
      order by o.shipped_at desc, o.id desc limit 1`,
  );
  // a blood-pressure medicine the store sells, for the demo patient's father (原发性高血压, 2 型糖尿病)
  const quote =
    (await one<QuoteCard>(
      tx,
      sql`${quoteCardSelect} and (pr.generic_name like '%氨氯地平%' or pr.generic_name like '%硝苯地平%'
          or pr.generic_name like '%缬沙坦%' or pr.generic_name like '%厄贝沙坦%')
        order by q.id limit 1`,
    )) ?? (await one<QuoteCard>(tx, sql`${quoteCardSelect} order by (pr.type = 'RX') desc, q.id limit 1`));

  const taken = [demoPatient.id, shipped?.account_id ?? 0];
  const buyers = async (count: number) =>
    (
      await queryRows<{ id: number; name: string }>(
        tx,
        sql`select a.id, a.name from account a
          where a.id in (select o.account_id from orders o where o.pharmacy_id = ${pudong.id})
            and a.id not in (${sql.join(
              taken.map((id) => sql`${id}`),
              sql`, `,
            )})
          order by a.id limit ${count}`,
      )
    ).rows;
  const [queued, invoice, fever] = await buyers(3);

  const greeting = (ago: number): DemoMessage => ({
    side: 'system',
    kind: 'text',
    body: demoGreeting(pudong.name),
    ago,
  });
  const notice = (body: string, ago: number): DemoMessage => ({ side: 'system', kind: 'system', body, ago });
  const patient = (body: string, ago: number): DemoMessage => ({ side: 'patient', kind: 'text', body, ago });
  const staff = (body: string, ago: number): DemoMessage => ({ side: 'staff', kind: 'text', body, ago });

  const insert = async (c: {
    patientId: number;
    assigneeId: number | null;
    status: 'open' | 'closed';
    messages: DemoMessage[];
    /** The seq each side has read up to (default: everything). */
    staffReadSeq?: number;
    patientReadSeq?: number;
  }) => {
    const ms = c.messages;
    const n = ms.length;
    const at = (m: DemoMessage) => new Date(now - m.ago * MINUTE);
    const staffReadSeq = c.staffReadSeq ?? n;
    const patientReadSeq = c.patientReadSeq ?? n;
    const staffUnread = ms.filter((m, i) => m.side === 'patient' && i + 1 > staffReadSeq).length;
    const patientUnread = ms.filter((m, i) => m.side === 'staff' && i + 1 > patientReadSeq).length;
    const first = at(ms[0]);
    const last = at(ms[n - 1]);
    const [row] = await tx
      .insert(conversation)
      .values({
        pharmacyId: pudong.id,
        patientAccountId: c.patientId,
        assigneeId: c.assigneeId,
        status: c.status,
        queuedAt: c.assigneeId === null && c.status === 'open' ? first : null,
        lastSeq: n,
        lastMessageAt: last,
        lastMessagePreview: previewOf(ms[n - 1]),
        staffUnread,
        patientUnread,
        staffReadSeq,
        patientReadSeq,
        closedAt: c.status === 'closed' ? last : null,
        closedBy: c.status === 'closed' ? c.assigneeId : null,
        createdAt: first,
        updatedAt: last,
      })
      .returning({ id: conversation.id });
    await tx.insert(chatMessage).values(
      ms.map((m, i) => {
        const senderId = m.side === 'patient' ? c.patientId : m.side === 'staff' ? c.assigneeId : null;
        return {
          conversationId: row.id,
          pharmacyId: pudong.id,
          seq: i + 1,
          senderSide: m.side,
          senderId,
          clientId: senderId === null ? null : `seed-${row.id}-${i + 1}`,
          kind: m.kind,
          body: m.body,
          payload: m.payload ?? null,
          createdAt: at(m),
          updatedAt: at(m),
        };
      }),
    );
    return row.id;
  };

  // 1. waiting in the queue: two questions nobody has read yet
  if (queued) {
    await insert({
      patientId: queued.id,
      assigneeId: null,
      status: 'open',
      staffReadSeq: 0,
      messages: [
        greeting(7),
        patient('你好，请问店里有阿托伐他汀钙片吗？', 7),
        patient('医生让我长期吃，一次买三盒的话能不能便宜一点？大概多久能送到？', 6),
      ],
    });
  }

  // 2. customer service: where is my order (an order card of the patient's real shipped order)
  if (shipped) {
    const card = {
      order_id: shipped.order_id,
      order_no: shipped.order_no,
      status: shipped.status,
      status_label: orderStatusLabels[shipped.status as OrderStatus] ?? shipped.status,
      total: shipped.total,
      item_count: shipped.item_count,
      first_item: shipped.first_item ?? '',
      created_at: new Date(shipped.created_at).toISOString(),
    };
    await insert({
      patientId: shipped.account_id,
      assigneeId: cs.id,
      status: 'open',
      staffReadSeq: 6,
      messages: [
        greeting(58),
        patient(
          now - new Date(shipped.shipped_at).getTime() > 2 * DAY
            ? `你好，我的订单 ${shipped.order_no} 显示已发货，物流好几天没更新了，能帮我看看吗？`
            : `你好，我的订单 ${shipped.order_no} 显示已发货，大概什么时候能送到？`,
          58,
        ),
        notice(chatSystemTexts.assigned(cs.name, 'customer_service'), 55),
        staff(`您好，我是客服${cs.name}，这就帮您查询，请稍等。`, 55),
        { side: 'staff', kind: 'order', body: '', payload: card, ago: 53 },
        staff(
          `查到了，您的包裹由${shipped.company_name || '快递'}承运，运单号 ${shipped.tracking_no}，最新物流：${shipped.last_event ?? '已揽收，运输中'}。预计 1–2 天送达，请保持电话畅通。`,
          51,
        ),
        patient('好的，谢谢！那我明天在家等着。', 32),
      ],
    });
  }

  // 3. the pharmacist and the demo patient: a medicine for her father (a product card of the store's quote)
  if (quote) {
    const card = {
      quote_id: quote.quote_id,
      product_id: quote.product_id,
      name: quote.name,
      spec: quote.spec,
      price: quote.price,
      image: quote.images?.[0] ?? '',
      is_rx: quote.type === 'RX',
    };
    await insert({
      patientId: demoPatient.id,
      assigneeId: pharmacist.id,
      status: 'open',
      patientReadSeq: 5,
      messages: [
        greeting(190),
        patient(
          `您好，我父亲 63 岁，有高血压和 2 型糖尿病，一直在吃二甲双胍。医生建议加${quote.generic_name || quote.name}，两种药可以一起吃吗？`,
          190,
        ),
        notice(chatSystemTexts.assigned(pharmacist.name, 'pharmacist'), 186),
        staff(
          `您好，我是药师${pharmacist.name}。${quote.generic_name || quote.name}与二甲双胍可以合用，两者没有明显的相互作用。建议每天固定时间服用，并每天早晚各测一次血压做好记录。`,
          184,
        ),
        { side: 'staff', kind: 'product', body: '', payload: card, ago: 183 },
        patient(
          quote.type === 'RX' ? '好的，这个药需要处方吗？我手上有医院开的病历。' : '好的，这个药一天吃几次？',
          170,
        ),
        staff(
          quote.type === 'RX'
            ? '这是处方药，下单时上传医院处方即可；没有处方的话也可以选择在线问诊，由医生为您开方。'
            : '请按说明书用量服用，如服药后头晕、脚踝水肿明显，请及时告诉我们或就医。',
          165,
        ),
        staff('另外降压药不要自行停药或加量，血压控制不理想时请及时复诊。', 164),
      ],
    });
  }

  // 4. closed, customer service: an invoice
  if (invoice) {
    await insert({
      patientId: invoice.id,
      assigneeId: cs.id,
      status: 'closed',
      messages: [
        greeting(26 * 60 + 12),
        patient('你好，我上周买的药可以开发票吗？公司要报销。', 26 * 60 + 12),
        notice(chatSystemTexts.assigned(cs.name, 'customer_service'), 26 * 60 + 10),
        staff('可以开具电子发票，请提供发票抬头和税号，我们会发送至您的邮箱。', 26 * 60 + 9),
        patient('抬头：上海明达科技有限公司，税号 91310115MA1K3XYZ2B，邮箱 finance@mingda.example', 26 * 60 + 5),
        staff('收到，电子发票将在 1 个工作日内发送到您的邮箱，请注意查收。', 26 * 60 + 3),
        patient('好的，谢谢！', 26 * 60 + 2),
        staff('感谢您的咨询，祝您生活愉快！如有其他问题欢迎随时联系我们。', 26 * 60 + 1),
        notice(chatSystemTexts.closed, 26 * 60),
      ],
    });
  }

  // 5. closed, the pharmacist: a fever and ibuprofen
  if (fever) {
    const start = 3 * 24 * 60 + 40;
    await insert({
      patientId: fever.id,
      assigneeId: pharmacist.id,
      status: 'closed',
      messages: [
        greeting(start),
        patient('你好，我昨晚开始发烧，38.6℃，浑身酸痛，可以吃布洛芬缓释胶囊吗？', start),
        notice(chatSystemTexts.assigned(pharmacist.name, 'pharmacist'), start - 3),
        staff(
          `您好，我是药师${pharmacist.name}。请问您有胃溃疡、哮喘，或对阿司匹林等解热镇痛药过敏吗？最近在吃其他药吗？`,
          start - 4,
        ),
        patient('都没有，也没在吃别的药。', start - 9),
        staff(
          '可以服用。布洛芬缓释胶囊成人每次 1 粒（0.3 g），每日 2 次，间隔 12 小时，饭后服用，24 小时不超过 2 粒。服药期间多喝水、注意休息；如发热超过 3 天不退，或出现咳嗽加重、呼吸困难，请及时就医。',
          start - 12,
        ),
        patient('明白了，谢谢药师！', start - 20),
        notice(chatSystemTexts.closed, start - 35),
      ],
    });
  }
  return true;
}

interface QuoteCard {
  quote_id: number;
  product_id: number;
  name: string;
  generic_name: string;
  spec: string;
  price: string;
  images: string[] | null;
  type: string;
}

const quoteCardSelect = sql`select q.id as quote_id, q.product_id, pr.name, pr.generic_name, pr.spec,
    q.price::text as price, pr.images, pr.type
  from quote q join product pr on pr.id = q.product_id
  join pharmacy ph on ph.id = q.pharmacy_id and ph.name = ${demoPharmacies[0].name}
  where q.status = 'on_shelf' and pr.status = 'active'`;
