import { add, formatMoney, subtract } from '@pharmacy/shared';
import { importColumns } from '../modules/product-import/template';
import { type ApiClient, signIn, type UploadClient } from './server-process';

export type SqlReader = (text: string) => Promise<Record<string, unknown>[]>;

export interface ScenarioContext {
  call: ApiClient;
  upload: UploadClient;
  tokens: { admin: string; patient: string };
}

/**
 * One kind of write the crash test drives during its burst. Add an entry to `writeScenarios` when a module lands a
 * multi-row write (product import, comments, orders): the crash test runs it without other changes.
 */
export interface WriteScenario {
  name: string;
  /** Acknowledged set-up before the burst. */
  prepare?(ctx: ScenarioContext): Promise<void>;
  /** The n-th write of the burst. Throws when the server is gone (the write is then unacknowledged). */
  write(ctx: ScenarioContext, n: number): Promise<void>;
  /** Writes acknowledged with a 2xx so far. */
  acknowledged(): number;
  /** After the restart, through the API: every acknowledged write present, no partial record. Returns problems. */
  verify(ctx: ScenarioContext): Promise<string[]>;
  /** After the restarted server stopped, in the database itself (for what the API does not show). */
  verifyStored?(sql: SqlReader): Promise<string[]>;
}

interface MessageRow {
  id: number;
  title: string;
  content: string;
  read_at: string | null;
}

/** All of the patient's messages, every page. */
async function patientMessages(ctx: ScenarioContext): Promise<MessageRow[]> {
  const all: MessageRow[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await ctx.call<{ list: MessageRow[]; total: number }>(
      'GET',
      `/message/list?page=${page}&page_size=100`,
      { token: ctx.tokens.patient },
    );
    if (res.status !== 200) throw new Error(`message list: ${res.status} ${JSON.stringify(res.body)}`);
    all.push(...res.body.data.list);
    if (all.length >= res.body.data.total || res.body.data.list.length === 0) break;
  }
  return all;
}

const PATIENT_PHONE = '13900000001';

/** The operator sends notifications (message row + audit row); each has a long body that a torn write would cut. */
export function operatorMessagesScenario(): WriteScenario {
  const acked = new Map<number, number>(); // message id → n
  const title = (n: number) => `崩溃测试 #${n}`;
  const content = (n: number) => `${n}:${'药'.repeat(1500)}:${n}`;
  return {
    name: 'operator sends messages',
    async write(ctx, n) {
      const res = await ctx.call<{ id: number }>('POST', '/message', {
        token: ctx.tokens.admin,
        body: { phone: PATIENT_PHONE, kind: 'system', title: title(n), content: content(n) },
      });
      if (res.status === 200) acked.set(res.body.data.id, n);
    },
    acknowledged: () => acked.size,
    async verify(ctx) {
      const problems: string[] = [];
      const rows = (await patientMessages(ctx)).filter((m) => m.title.startsWith('崩溃测试 #'));
      const byId = new Map(rows.map((m) => [m.id, m]));
      for (const [id, n] of acked) {
        const row = byId.get(id);
        if (!row) problems.push(`acknowledged message ${id} (#${n}) is missing`);
        else if (row.title !== title(n) || row.content !== content(n))
          problems.push(`message ${id} differs from what was sent`);
      }
      const seen = new Set<string>();
      for (const m of rows) {
        const n = Number(m.title.slice('崩溃测试 #'.length));
        if (m.content !== content(n))
          problems.push(`message ${m.id} is torn (content of ${m.content.length} characters)`);
        if (seen.has(m.title)) problems.push(`message ${m.title} stored twice`);
        seen.add(m.title);
      }
      // the audit entry is written before the answer: every acknowledged send has one
      const audited = new Set<number>();
      for (let page = 1; page < 50; page++) {
        const res = await ctx.call<{ list: { detail: { message_id?: number } | null }[]; total: number }>(
          'GET',
          `/admin/audit_log?action=message.send&page=${page}&page_size=100`,
          { token: ctx.tokens.admin },
        );
        if (res.status !== 200) {
          problems.push(`audit log: ${res.status}`);
          break;
        }
        for (const e of res.body.data.list) if (e.detail?.message_id) audited.add(e.detail.message_id);
        if (res.body.data.list.length < 100) break;
      }
      for (const id of acked.keys())
        if (!audited.has(id)) problems.push(`acknowledged message ${id} has no audit entry`);
      return problems;
    },
  };
}

/** The patient marks batches of messages read: each batch is one multi-row update, all or nothing. */
export function markReadBatchesScenario(batchCount = 50, batchSize = 4, paceMs = 100): WriteScenario {
  const batches: number[][] = [];
  const acked = new Set<number>();
  return {
    name: 'patient marks batches read',
    async prepare(ctx) {
      const ids: number[] = new Array(batchCount * batchSize);
      const send = async (i: number) => {
        const res = await ctx.call<{ id: number }>('POST', '/message', {
          token: ctx.tokens.admin,
          body: { phone: PATIENT_PHONE, kind: 'order', title: `批量已读 #${i}`, content: `第 ${i} 条` },
        });
        if (res.status !== 200) throw new Error(`prepare: ${res.status} ${JSON.stringify(res.body)}`);
        ids[i] = res.body.data.id;
      };
      const lanes = 4;
      await Promise.all(
        Array.from({ length: lanes }, async (_, lane) => {
          for (let i = lane; i < ids.length; i += lanes) await send(i);
        }),
      );
      for (let b = 0; b < batchCount; b++) batches.push(ids.slice(b * batchSize, (b + 1) * batchSize));
    },
    async write(ctx, n) {
      const batch = batches[n];
      // paced, so that batches are still being sent when the slower scenarios reach the kill
      await new Promise((r) => setTimeout(r, paceMs));
      if (!batch) {
        await new Promise((r) => setTimeout(r, 20)); // every batch sent: idle until the crash
        return;
      }
      const res = await ctx.call<{ updated: number }>('PUT', '/message/read', {
        token: ctx.tokens.patient,
        body: { ids: batch },
      });
      if (res.status === 200 && res.body.data.updated === batch.length) acked.add(n);
    },
    acknowledged: () => acked.size,
    async verify(ctx) {
      const problems: string[] = [];
      const read = new Map((await patientMessages(ctx)).map((m) => [m.id, m.read_at !== null]));
      batches.forEach((batch, n) => {
        const states = batch.map((id) => read.get(id));
        if (states.some((s) => s === undefined)) problems.push(`batch ${n}: messages missing`);
        const count = states.filter(Boolean).length;
        if (acked.has(n) && count !== batch.length)
          problems.push(`acknowledged batch ${n}: ${count}/${batch.length} read`);
        if (count !== 0 && count !== batch.length) problems.push(`batch ${n} half applied: ${count}/${batch.length}`);
      });
      return problems;
    },
  };
}

const csvCell = (c: string) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

/** The operator imports products: upload + preview, then apply; each import is 10 rows in one transaction. */
export function productImportScenario(rowsPerImport = 10): WriteScenario {
  const acked = new Set<number>();
  const nameOf = (n: number, i: number) => `崩溃导入${n}号${i}`;
  const csvFor = (n: number) => {
    const lines = [importColumns.map((c) => c.header)];
    for (let i = 0; i < rowsPerImport; i++) {
      const row: Record<string, string> = {
        name: nameOf(n, i),
        generic_name: '布洛芬缓释胶囊',
        spec: `0.3g*${n}粒/盒`,
        manufacturer: '崩溃测试制药有限公司',
        approval_no: `国药准字H${String(20_000_000 + n * 100 + i).padStart(8, '0')}`,
        type: 'OTC',
      };
      lines.push(importColumns.map((c) => row[c.key] ?? ''));
    }
    return `${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
  };
  return {
    name: 'operator imports products',
    async write(ctx, n) {
      const form = new FormData();
      form.append('file', new Blob([csvFor(n)], { type: 'text/csv' }), `import-${n}.csv`);
      form.append('mode', 'create');
      const preview = await ctx.upload<{ upload_id: string; report: { valid: number } }>(
        '/admin/product/import/preview',
        form,
        ctx.tokens.admin,
      );
      if (preview.status !== 200 || preview.body.data.report.valid !== rowsPerImport) {
        throw new Error(`import preview ${n}: ${preview.status} ${JSON.stringify(preview.body).slice(0, 300)}`);
      }
      const res = await ctx.call<{ created: number }>('POST', '/admin/product/import', {
        token: ctx.tokens.admin,
        body: { upload_id: preview.body.data.upload_id },
      });
      if (res.status === 200 && res.body.data.created === rowsPerImport) acked.add(n);
    },
    acknowledged: () => acked.size,
    async verify() {
      return [];
    },
    async verifyStored(sql) {
      const problems: string[] = [];
      const rows = await sql(`select name from product where name like '崩溃导入%'`);
      const perImport = new Map<number, number>();
      for (const r of rows) {
        const n = Number(/^崩溃导入(\d+)号/.exec(String(r.name))?.[1]);
        perImport.set(n, (perImport.get(n) ?? 0) + 1);
      }
      for (const n of acked) {
        if (perImport.get(n) !== rowsPerImport)
          problems.push(`acknowledged import ${n}: ${perImport.get(n) ?? 0} rows`);
      }
      for (const [n, count] of perImport) {
        if (count !== rowsPerImport) problems.push(`import ${n} half applied: ${count}/${rowsPerImport} rows`);
      }
      return problems;
    },
  };
}

/**
 * Signed-in accounts comment on a medicine. An account may comment once every 30 s, so the burst spreads its writes
 * over the demo accounts (a refused write, 429, is simply unacknowledged).
 */
export function commentsScenario(): WriteScenario {
  const acked = new Set<number>();
  let productId = 0;
  let authors: string[] = [];
  const content = (n: number) => `崩溃评论 #${n}：${'效果不错，'.repeat(60)}完`;
  return {
    name: 'comments',
    async prepare(ctx) {
      const res = await ctx.call<{ list: { id: number }[] }>('GET', '/mp/cms/medicines?page_size=1');
      productId = res.body.data?.list?.[0]?.id ?? 0;
      if (!productId)
        throw new Error(`no product to comment on: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      const staff = [];
      for (const phone of ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005']) {
        staff.push(await signIn(ctx.call, phone));
      }
      authors = [ctx.tokens.patient, ...staff];
    },
    async write(ctx, n) {
      const res = await ctx.call('POST', '/admin/medicine/comment', {
        token: authors[n % authors.length],
        body: { product_id: productId, content: content(n), rating: 4 },
      });
      if (res.status === 200) acked.add(n);
    },
    acknowledged: () => acked.size,
    async verify() {
      return [];
    },
    async verifyStored(sql) {
      const problems: string[] = [];
      const rows = await sql(`select content from medicine_comment where content like '崩溃评论 #%'`);
      const seen = new Map<number, number>();
      for (const r of rows) {
        const text = String(r.content);
        const n = Number(/^崩溃评论 #(\d+)/.exec(text)?.[1]);
        if (text !== content(n)) problems.push(`comment #${n} is torn (${text.length} characters)`);
        seen.set(n, (seen.get(n) ?? 0) + 1);
      }
      for (const n of acked) if (!seen.has(n)) problems.push(`acknowledged comment #${n} is missing`);
      for (const [n, c] of seen) if (c > 1) problems.push(`comment #${n} stored ${c} times`);
      return problems;
    },
  };
}

interface PlacedOrder {
  id: number;
  buyer_remark: string;
  goods_amount: string;
  freight: string;
  discount: string;
  pay_amount: string;
  items: { quote_id: number | null; qty: number; price: string; subtotal: string }[];
}

/**
 * The patient places orders (two quotes each, an Idempotency-Key per order): order row, lines and stock in one
 * transaction. After the restart every acknowledged order is there whole with its totals; the writes in flight at the
 * kill, retried with their keys, make at most one order each; in the database no order lacks lines and each quote's
 * stock plus the units of these orders equals its stock before the burst.
 */
export function orderCreationScenario(): WriteScenario {
  const acked = new Map<number, number>(); // n → order id
  const attempted = new Set<number>();
  const run = Date.now().toString(36);
  const key = (n: number) => `crash-${run}-${n}`;
  const remark = (n: number) => `崩溃订单 #${n}`;
  let order: { pharmacy_id: number; family_member_id: number; address_id: number } | null = null;
  let quoteIds: number[] = [];
  const stockBefore = new Map<number, number>();
  const body = (n: number) => ({
    ...order!,
    lines: quoteIds.map((quote_id) => ({ quote_id, qty: 1 })),
    buyer_remark: remark(n),
  });
  const place = (ctx: ScenarioContext, n: number) =>
    ctx.call<PlacedOrder>('POST', '/orders/user_order', {
      token: ctx.tokens.patient,
      body: body(n),
      headers: { 'idempotency-key': key(n) },
    });
  return {
    name: 'patient places orders',
    async prepare(ctx) {
      const pharmacies = await ctx.call<{ list: { id: number }[] }>('GET', '/pharmacy/list?page_size=1');
      const pharmacyId = pharmacies.body.data?.list?.[0]?.id;
      if (!pharmacyId) throw new Error(`no pharmacy: ${pharmacies.status} ${JSON.stringify(pharmacies.body)}`);
      const products = await ctx.call<{ list: { id: number; stock: number; product: { type: string } }[] }>(
        'GET',
        `/pharmacy/product/list?pharmacy_id=${pharmacyId}&page_size=100`,
      );
      const usable = (products.body.data?.list ?? [])
        .filter((q) => q.product.type !== 'RX' && q.stock >= 50)
        .sort((a, b) => b.stock - a.stock)
        .slice(0, 2);
      if (usable.length < 2)
        throw new Error(`no two quotes with stock: ${JSON.stringify(products.body).slice(0, 300)}`);
      quoteIds = usable.map((q) => q.id);
      for (const q of usable) stockBefore.set(q.id, q.stock);
      const members = await ctx.call<{ id: number }[]>('GET', '/user/family_member', { token: ctx.tokens.patient });
      const addresses = await ctx.call<{ id: number }[]>('GET', '/user/address', { token: ctx.tokens.patient });
      const memberId = members.body.data?.[0]?.id;
      const addressId = addresses.body.data?.[0]?.id;
      if (!memberId || !addressId) throw new Error('the demo patient has no family member or address');
      order = { pharmacy_id: pharmacyId, family_member_id: memberId, address_id: addressId };
    },
    async write(ctx, n) {
      attempted.add(n);
      const res = await place(ctx, n);
      if (res.status === 200) acked.set(n, res.body.data.id);
    },
    acknowledged: () => acked.size,
    async verify(ctx) {
      const problems: string[] = [];
      const check = (n: number, o: PlacedOrder) => {
        if (o.buyer_remark !== remark(n)) problems.push(`order ${o.id} (#${n}) has another remark`);
        if (o.items.length !== 2) problems.push(`order ${o.id} (#${n}) has ${o.items.length} lines`);
        let goods = '0';
        for (const i of o.items) goods = add(goods, i.subtotal);
        if (formatMoney(goods) !== o.goods_amount) problems.push(`order ${o.id}: goods ${o.goods_amount} ≠ Σ ${goods}`);
        if (formatMoney(subtract(add(o.goods_amount, o.freight), o.discount)) !== o.pay_amount)
          problems.push(`order ${o.id}: pay ${o.pay_amount} ≠ goods + freight − discount`);
      };
      for (const [n, id] of acked) {
        const res = await ctx.call<PlacedOrder>('GET', `/orders/user_order/${id}`, { token: ctx.tokens.patient });
        if (res.status !== 200) problems.push(`acknowledged order ${id} (#${n}): ${res.status}`);
        else check(n, res.body.data);
      }
      // every write of the burst retried with its key: the first order (acknowledged or not), or one new order
      for (const n of attempted) {
        const res = await place(ctx, n);
        if (res.status === 200) {
          check(n, res.body.data);
          const first = acked.get(n);
          if (first !== undefined && res.body.data.id !== first)
            problems.push(`retry of #${n} made order ${res.body.data.id}, not the first ${first}`);
        } else if (res.status !== 409) problems.push(`retry of #${n}: ${res.status} ${res.body.msg}`);
      }
      return problems;
    },
    async verifyStored(sql) {
      const problems: string[] = [];
      const orders = await sql(
        `select o.id, o.buyer_remark, o.idempotency_key, (select count(*) from order_item i where i.order_id = o.id)::int lines
         from orders o where o.buyer_remark like '崩溃订单 #%'`,
      );
      const perKey = new Map<string, number>();
      for (const o of orders) {
        if (Number(o.lines) !== 2) problems.push(`order ${o.id} (${o.buyer_remark}) has ${o.lines} lines`);
        const k = String(o.idempotency_key);
        perKey.set(k, (perKey.get(k) ?? 0) + 1);
      }
      for (const [k, c] of perKey) if (c > 1) problems.push(`key ${k} made ${c} orders`);
      for (const [n, id] of acked) if (!orders.some((o) => Number(o.id) === id)) problems.push(`order #${n} missing`);
      if (quoteIds.length > 0) {
        const stock = await sql(
          `select q.id, q.stock, coalesce((select sum(i.qty) from order_item i join orders o on o.id = i.order_id
             where i.quote_id = q.id and o.buyer_remark like '崩溃订单 #%' and o.status <> 'cancelled'), 0)::int held
           from quote q where q.id in (${quoteIds.join(', ')})`,
        );
        for (const q of stock) {
          const before = stockBefore.get(Number(q.id));
          if (Number(q.stock) < 0) problems.push(`quote ${q.id}: negative stock ${q.stock}`);
          if (Number(q.stock) + Number(q.held) !== before)
            problems.push(`quote ${q.id}: stock ${q.stock} + ${q.held} in orders ≠ ${before} before the burst`);
        }
      }
      return problems;
    },
  };
}

/**
 * Staff ship paid orders (send goods with a tracking number) during the burst. After the restart: every acknowledged
 * ship shows its order shipped with that tracking number, and no order of the scenario is shipped without exactly
 * one shipment, or has a shipment without being shipped (the transition and the shipment are one transaction).
 */
export function orderShippingScenario(orderCount = 100, paceMs = 200): WriteScenario {
  const acked = new Map<number, string>(); // order id → tracking number
  const orderIds: number[] = [];
  let staff = '';
  let pharmacyId = 0;
  const run = Date.now().toString().slice(-8);
  const tracking = (n: number) => `YT${run}${String(n).padStart(5, '0')}`;
  return {
    name: 'staff ship orders',
    async prepare(ctx) {
      staff = await signIn(ctx.call, '13800000002');
      const mine = await ctx.call<{ id: number }[]>('GET', '/pharmacy/me', { token: staff });
      pharmacyId = mine.body.data?.[0]?.id ?? 0;
      if (!pharmacyId) throw new Error(`pharmacy_admin has no pharmacy: ${JSON.stringify(mine.body).slice(0, 200)}`);
      const products = await ctx.call<{ list: { id: number; stock: number; product: { type: string } }[] }>(
        'GET',
        `/pharmacy/product/list?pharmacy_id=${pharmacyId}&page_size=100`,
      );
      const quote = (products.body.data?.list ?? [])
        .filter((q) => q.product.type !== 'RX' && q.stock >= orderCount)
        .sort((a, b) => b.stock - a.stock)[2]; // the two with most stock are the creation scenario's
      if (!quote) throw new Error('no quote with stock to ship');
      const members = await ctx.call<{ id: number }[]>('GET', '/user/family_member', { token: ctx.tokens.patient });
      const addresses = await ctx.call<{ id: number }[]>('GET', '/user/address', { token: ctx.tokens.patient });
      for (let i = 0; i < orderCount; i++) {
        const placed = await ctx.call<{ id: number }>('POST', '/orders/user_order', {
          token: ctx.tokens.patient,
          body: {
            pharmacy_id: pharmacyId,
            family_member_id: members.body.data?.[0]?.id,
            address_id: addresses.body.data?.[0]?.id,
            lines: [{ quote_id: quote.id, qty: 1 }],
            buyer_remark: `崩溃发货 #${i}`,
          },
        });
        if (placed.status !== 200) throw new Error(`placing order ${i}: ${placed.status} ${placed.body.msg}`);
        const paid = await ctx.call('PUT', `/orders/pharmacy/${placed.body.data.id}/pay`, {
          token: staff,
          pharmacyId,
          body: {},
        });
        if (paid.status !== 200) throw new Error(`confirming payment ${i}: ${paid.status} ${paid.body.msg}`);
        orderIds.push(placed.body.data.id);
      }
    },
    async write(ctx, n) {
      // paced, so ships are still in flight when the burst ends (the other scenarios set when it ends)
      await new Promise((r) => setTimeout(r, paceMs));
      const id = orderIds[n % orderIds.length]!;
      const res = await ctx.call('POST', `/orders/pharmacy/${id}/send_good`, {
        token: staff,
        pharmacyId,
        body: { courier_code: 'YT', tracking_no: tracking(n) },
      });
      if (res.status === 200) acked.set(id, tracking(n));
    },
    acknowledged: () => acked.size,
    async verify(ctx) {
      const problems: string[] = [];
      for (const [id, no] of acked) {
        const res = await ctx.call<{ status: string; tracking_no: string | null }>('GET', `/orders/pharmacy/${id}`, {
          token: staff,
          pharmacyId,
        });
        if (res.status !== 200) problems.push(`shipped order ${id}: ${res.status}`);
        else if (res.body.data.status !== 'shipped' || res.body.data.tracking_no !== no)
          problems.push(
            `order ${id}: ${res.body.data.status} ${res.body.data.tracking_no}, acknowledged shipped ${no}`,
          );
      }
      return problems;
    },
    async verifyStored(sql) {
      if (orderIds.length === 0) return [];
      const rows = await sql(
        `select o.id, o.status, (select count(*) from order_express e where e.order_id = o.id)::int shipments
         from orders o where o.id in (${orderIds.join(', ')})`,
      );
      const problems: string[] = [];
      for (const o of rows) {
        const shipped = o.status === 'shipped';
        if (shipped && Number(o.shipments) !== 1) problems.push(`order ${o.id} shipped with ${o.shipments} shipments`);
        if (!shipped && Number(o.shipments) !== 0)
          problems.push(`order ${o.id} ${o.status} with ${o.shipments} shipments`);
      }
      return problems;
    },
  };
}

interface ChatMessageRow {
  id: number;
  seq: number;
  client_id: string | null;
  body: string;
}

/**
 * A patient chats with a pharmacy during the burst (each message a conversation update and a message row in one
 * transaction). After the restart: every acknowledged message is in the conversation with the seq it was answered
 * with, each resend of the burst's client ids is a no-op (the same message back), and in the database every
 * conversation's seqs run 1..last_seq without a gap or a double.
 */
export function chatScenario(): WriteScenario {
  const acked = new Map<number, { seq: number; clientId: string }>(); // n → answer
  const attempted = new Set<number>();
  const run = Date.now().toString(36);
  const clientId = (n: number) => `crash-${run}-${n}`;
  const body = (n: number) => `崩溃聊天 #${n} ${'问'.repeat(200)}`;
  let conversationId = 0;
  const send = (ctx: ScenarioContext, n: number) =>
    ctx.call<ChatMessageRow & { conversation_id: number }>(
      'POST',
      `/chat/patient/conversations/${conversationId}/messages`,
      { token: ctx.tokens.patient, body: { client_id: clientId(n), kind: 'text', body: body(n) } },
    );
  return {
    name: 'patient chats',
    async prepare(ctx) {
      const pharmacies = await ctx.call<{ list: { id: number }[] }>('GET', '/pharmacy/list?page_size=1');
      const pharmacyId = pharmacies.body.data?.list?.[0]?.id;
      if (!pharmacyId) throw new Error(`no pharmacy: ${pharmacies.status}`);
      const opened = await ctx.call<{ id: number }>('POST', '/chat/patient/conversations', {
        token: ctx.tokens.patient,
        body: { pharmacy_id: pharmacyId },
      });
      if (opened.status !== 200) throw new Error(`open chat: ${opened.status} ${JSON.stringify(opened.body)}`);
      conversationId = opened.body.data.id;
    },
    async write(ctx, n) {
      attempted.add(n);
      const res = await send(ctx, n);
      if (res.status === 200) acked.set(n, { seq: res.body.data.seq, clientId: clientId(n) });
    },
    acknowledged: () => acked.size,
    async verify(ctx) {
      const problems: string[] = [];
      const stored = new Map<string, ChatMessageRow>();
      let after = 0;
      for (let page = 0; page < 200; page++) {
        const res = await ctx.call<{ list: ChatMessageRow[] }>(
          'GET',
          `/chat/patient/conversations/${conversationId}/messages?after_seq=${after}&limit=100`,
          { token: ctx.tokens.patient },
        );
        if (res.status !== 200) return [`chat messages: ${res.status} ${res.body.msg}`];
        for (const m of res.body.data.list) if (m.client_id) stored.set(m.client_id, m);
        if (res.body.data.list.length === 0) break;
        after = res.body.data.list[res.body.data.list.length - 1]!.seq;
      }
      for (const [n, a] of acked) {
        const m = stored.get(a.clientId);
        if (!m) problems.push(`acknowledged chat message #${n} is missing`);
        else if (m.seq !== a.seq || m.body !== body(n)) problems.push(`chat message #${n} differs from its answer`);
      }
      // a resend of every message of the burst is the same message (or, never stored, a new one once)
      for (const n of attempted) {
        const res = await send(ctx, n);
        if (res.status !== 200) problems.push(`resend of chat #${n}: ${res.status} ${res.body.msg}`);
        const first = acked.get(n);
        if (first && res.status === 200 && res.body.data.seq !== first.seq)
          problems.push(`resend of chat #${n} stored again as seq ${res.body.data.seq}, first ${first.seq}`);
      }
      return problems;
    },
    async verifyStored(sql) {
      const rows = await sql(
        `select c.id, c.last_seq, count(m.id)::int n, coalesce(max(m.seq), 0)::int max_seq,
                count(distinct m.seq)::int distinct_seq
         from conversation c left join chat_message m on m.conversation_id = c.id group by c.id`,
      );
      const problems: string[] = [];
      for (const r of rows) {
        if (Number(r.n) !== Number(r.last_seq) || Number(r.max_seq) !== Number(r.last_seq) || r.n !== r.distinct_seq)
          problems.push(`conversation ${r.id}: last_seq ${r.last_seq}, ${r.n} messages, max seq ${r.max_seq}`);
      }
      const doubles = await sql(
        `select client_id, count(*)::int c from chat_message where client_id like 'crash-${run}-%'
         group by sender_id, client_id having count(*) > 1`,
      );
      for (const d of doubles) problems.push(`client id ${d.client_id} stored ${d.c} times`);
      return problems;
    },
  };
}

/** The write scenarios of the crash test; modules add theirs here as they land. */
export const writeScenarios = (): WriteScenario[] => [
  operatorMessagesScenario(),
  markReadBatchesScenario(),
  productImportScenario(),
  commentsScenario(),
  orderCreationScenario(),
  orderShippingScenario(),
  chatScenario(),
];
