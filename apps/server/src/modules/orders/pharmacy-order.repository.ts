import { type OrderListQuery, type OrderStatus, type OrderTabCounts, orderStatuses } from '@pharmacy/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { account, listCount, orders, pharmacy } from '../../db/schema/index';
import {
  FirstPageCache,
  type ListCounts,
  listCountsColumn,
  readListCounts,
  toListCounts,
  VersionedCache,
  writeVersionColumn,
} from '../../lib/list-count';
import { preparedRows } from '../../lib/named-statement';
import { containsPattern, escapeLike } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/**
 * The order list of the pharmacy console and of the operator (docs/orders.md "The order list"). The only place that
 * knows how the list reads orders; a pharmacy's every query filters on its pharmacy id.
 */

/** An ISO 8601 UTC text column (toISOString's form), so no Date is made and formatted per row. */
const iso = (column: SQL | string) =>
  sql<
    string | null
  >`to_char(${typeof column === 'string' ? sql.raw(column) : column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A row of the list as read: the order's columns with its line summary, the buyer's phone, the pharmacy's name, its shipment. */
export interface OrderRow {
  id: number;
  order_no: string;
  pharmacy_id: number;
  pharmacy_name: string;
  account_id: number;
  buyer_phone: string;
  kind: 'normal' | 'rx' | 'proxy' | 'non_drug';
  has_rx: boolean;
  status: OrderStatus;
  goods_amount: string;
  freight: string;
  discount: string;
  pay_amount: string;
  patient_name: string;
  receiver_name: string;
  receiver_phone: string;
  province: string;
  city: string;
  district: string;
  address_detail: string;
  /** the number of lines, and "name ×qty、name ×qty 等 n 件" (lib/order-lines.ts) */
  item_count: number;
  items_text: string;
  /** [courier code, tracking number] of the latest shipment */
  shipment: [string, string] | null;
  created_at: string;
  paid_at: string | null;
  shipped_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
}

/** The list row's columns (raw SQL expressions over "orders", "account" and "pharmacy"). */
const rowColumns = {
  id: orders.id,
  order_no: orders.orderNo,
  pharmacy_id: orders.pharmacyId,
  pharmacy_name: pharmacy.name,
  account_id: orders.accountId,
  buyer_phone: account.phone,
  kind: orders.kind,
  has_rx: orders.hasRx,
  status: orders.status,
  goods_amount: sql<string>`${orders.goodsAmount}::text`,
  freight: sql<string>`${orders.freight}::text`,
  discount: sql<string>`${orders.discount}::text`,
  pay_amount: sql<string>`${orders.payAmount}::text`,
  patient_name: orders.patientName,
  receiver_name: orders.receiverName,
  receiver_phone: orders.receiverPhone,
  province: orders.province,
  city: orders.city,
  district: orders.district,
  address_detail: orders.addressDetail,
  // the line summary kept on the order (migration 0027): no order_item row is read
  item_count: orders.itemCount,
  items_text: orders.itemsText,
  shipment: sql<[string, string] | null>`(select json_build_array(e.courier_code, e.tracking_no)
    from order_express e where e.order_id = "orders"."id" order by e.id desc limit 1)`,
  created_at: iso(sql`"orders"."created_at"`) as SQL<string>,
  paid_at: iso(sql`"orders"."paid_at"`),
  shipped_at: iso(sql`"orders"."shipped_at"`),
  completed_at: iso(sql`"orders"."completed_at"`),
  cancelled_at: iso(sql`"orders"."cancelled_at"`),
};

/** The page sizes the console offers: their pages are named prepared statements (the LIMIT in the text). */
const preparedPageSizes = new Set([10, 20, 50, 100]);

/**
 * A page statement: the page's rows (newest first), built from `ids` (a subquery answering the page's order ids),
 * each with `columns` (counts as text, version: uncorrelated subqueries, evaluated once); run as a raw driver query,
 * so no ORM mapping, and the counts are parsed once (docs/orders.md "Performance pass 3").
 */
const pageStatement = (ids: SQL, columns: SQL[]) => sql`select ${sql.join(
  Object.entries(rowColumns).map(([key, column]) => sql`${column} as ${sql.raw(`"${key}"`)}`),
  sql`, `,
)}${sql.join(
  columns.map((c) => sql`, ${c}`),
  sql``,
)} from (${ids}) page_ids
    join ${orders} on ${orders.id} = page_ids.id
    join ${account} on ${account.id} = ${orders.accountId}
    join ${pharmacy} on ${pharmacy.id} = ${orders.pharmacyId}
    order by ${orders.id} desc`;

/** The ids of a page: `where` walked in list order (or from the oldest end, `ascending`), `limit` after `offset`. */
const pageIds = (where: SQL, limit: number, offset: number | SQL, ascending = false) =>
  sql`select ${orders.id} as id from ${orders} where ${where}
    order by ${orders.id} ${sql.raw(ascending ? 'asc' : 'desc')} limit ${sql.raw(String(Math.trunc(limit)))} offset ${offset}`;

type PageRow = OrderRow & { counts?: string | null; version?: string | null };

export type OrderCountsRaw = ListCounts<'order'>;

export const tabCounts = (c: OrderCountsRaw): OrderTabCounts => ({
  all: orderStatuses.reduce((n, s) => n + c[s], 0),
  ...c,
});

/** Who reads: one pharmacy (its staff), or the operator (every pharmacy, or the one its filter names). */
export type ListScope = { pharmacyId: number } | { operator: true };

/** Whether the query has a filter besides the tab (the operator's pharmacy filter is a scope, not a filter). */
const isFiltered = (q: OrderListQuery) =>
  Boolean(q.order_no || q.phone || q.name || q.date_from || q.date_to || q.kind || q.courier_code || q.tracking_no);

/** The filter dialog's conditions (docs/orders.md "The order list"). */
export function filterConditions(q: Omit<OrderListQuery, 'page' | 'page_size'>): SQL[] {
  const c: SQL[] = [];
  if (q.order_no) c.push(sql`${orders.orderNo} like ${containsPattern(q.order_no)}`);
  if (q.phone) {
    const phone = q.phone.replace(/\s+/g, '');
    if (/^1[3-9]\d{9}$/.test(phone))
      c.push(
        sql`(${orders.receiverPhone} = ${phone} or ${orders.accountId} in (select a.id from account a where a.phone = ${phone}))`,
      );
    else c.push(sql`${orders.receiverPhone} like ${`%${escapeLike(phone)}`}`);
  }
  if (q.name)
    c.push(
      sql`(${orders.patientName} ilike ${containsPattern(q.name)} or ${orders.receiverName} ilike ${containsPattern(q.name)})`,
    );
  // dates are Shanghai calendar days
  if (q.date_from) c.push(sql`${orders.createdAt} >= (${q.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (q.date_to) c.push(sql`${orders.createdAt} < (${q.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
  if (q.kind) c.push(eq(orders.kind, q.kind));
  if (q.courier_code)
    c.push(
      sql`exists (select 1 from order_express e where e.order_id = ${orders.id} and e.courier_code = ${q.courier_code})`,
    );
  if (q.tracking_no)
    c.push(
      sql`exists (select 1 from order_express e where e.order_id = ${orders.id} and e.tracking_no = ${q.tracking_no})`,
    );
  return c;
}

/**
 * Position anchors of a big tab: every `every`-th id of the tab in list order, kept with the write version they were
 * read at. A page deeper than `minDepth` entries from either end starts its index walk at the anchor before it (at
 * most `every` entries to skip) instead of at the end of the list.
 */
export interface AnchorOptions {
  every: number;
  minDepth: number;
  /**
   * Stale anchors are read again in the background (the request walks from the nearer end meanwhile), at most once
   * per this many ms per tab: reading them is one walk of the whole tab (~0.3 s for 360,000 orders), so a tab written
   * all the time is not walked whole after every write. `sync` reads them in the request (tests).
   */
  refreshMs: number;
  sync?: boolean;
}
const defaultAnchors: AnchorOptions = { every: 250, minDepth: 2_000, refreshMs: 10_000 };

/** Every pharmacy's order writes: the sum of the per-pharmacy versions (any write makes it grow). */
const allOrderWrites = sql<
  string | null
>`(select sum(${listCount.n})::text from ${listCount} where ${listCount.scope} = 'order:writes')`;

/** Every pharmacy's counts by status as a column (the operator's unfiltered list). */
const allOrderCounts = sql<Record<string, number | string> | null>`(select json_object_agg(x.bucket, x.n) from (
    select ${listCount.bucket} as bucket, sum(${listCount.n}) as n from ${listCount}
    where ${listCount.scope} = 'order' group by 1) x)`;

export class PharmacyOrderRepository {
  /** Unfiltered first pages kept while the pharmacy's order write version stands (docs/lists.md). */
  private readonly firstPages = new FirstPageCache<{ rows: OrderRow[]; counts: OrderCountsRaw }>('order');
  /** Anchors per scope and tab (`1|all`, `all|shipped`), with the version they are exact at. */
  private readonly anchors = new VersionedCache<{ ids: number[] }>({
    maxSize: 2_000,
    sizeOf: (v) => Math.ceil(v.ids.length / 100),
  });
  /** When each tab's anchors were last asked to be read (the refresh's rate limit). */
  private readonly anchorReads = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly anchorOptions: AnchorOptions = defaultAnchors,
  ) {}

  private base() {
    return this.db
      .select(rowColumns)
      .from(orders)
      .innerJoin(account, eq(account.id, orders.accountId))
      .innerJoin(pharmacy, eq(pharmacy.id, orders.pharmacyId));
  }

  /** A page statement's rows, and the counts and version its first row carries. */
  private static parsePage(rows: PageRow[]) {
    const first = rows[0];
    return {
      rows: rows as OrderRow[],
      counts: toListCounts('order', first?.counts ? JSON.parse(first.counts) : null),
      version: first?.version ?? null,
    };
  }

  /**
   * A hot unfiltered page: page 1 of a pharmacy's tab, or a page from the anchor before it (the ids after `skip`
   * entries of the index walk from `anchorId`), with the counts and write version. For the page sizes the console
   * offers a named prepared statement per kind, scope kind and tab-or-not, built once (preparedRows); otherwise the
   * same SQL built with the values.
   */
  private async hotPage(
    kind: 'page1' | 'anchored',
    pharmacyId: number | undefined,
    status: OrderStatus | undefined,
    limit: number,
    values: { anchorId?: number; skip?: number },
  ) {
    const byPharmacy = pharmacyId !== undefined;
    const build = (v: { pharmacyId: unknown; status: unknown; anchorId: unknown; skip: unknown }) => {
      const scope = this.scopeOf(
        byPharmacy ? (v.pharmacyId as number) : undefined,
        status ? (v.status as OrderStatus) : undefined,
      );
      const ids =
        kind === 'page1'
          ? pageIds(scope, limit, 0)
          : pageIds(and(scope, sql`${orders.id} <= ${v.anchorId}`)!, limit, v.skip as number);
      return pageStatement(ids, this.versionedCounts(byPharmacy ? (v.pharmacyId as number) : undefined));
    };
    const all = { pharmacyId, status, anchorId: values.anchorId, skip: values.skip };
    if (!preparedPageSizes.has(limit))
      return PharmacyOrderRepository.parsePage((await queryRows<PageRow>(this.db, build(all))).rows);
    const name = `order_${kind}_${byPharmacy ? 'pharmacy' : 'all'}_${status ? 'status' : 'all'}_${limit}`;
    const run = preparedRows<PageRow>(this.db, name, () =>
      build({
        pharmacyId: sql.placeholder('pharmacyId'),
        status: sql.placeholder('status'),
        anchorId: sql.placeholder('anchorId'),
        skip: sql.placeholder('skip'),
      }),
    );
    return PharmacyOrderRepository.parsePage(await run(all));
  }

  /** The counts and write version columns of an unfiltered page: a pharmacy's, or every pharmacy's (the operator). */
  private versionedCounts(pharmacyId: number | undefined): SQL[] {
    return pharmacyId !== undefined
      ? [
          sql`${listCountsColumn('order', pharmacyId)}::text as counts`,
          sql`${writeVersionColumn('order', pharmacyId)} as version`,
        ]
      : [sql`${allOrderCounts}::text as counts`, sql`${allOrderWrites} as version`];
  }

  /** Every pharmacy's counts by status: the sum of list_count's rows (one per pharmacy and status). */
  async operatorCounts(): Promise<OrderCountsRaw> {
    const rows = await this.db
      .select({ bucket: listCount.bucket, n: sql<string>`sum(${listCount.n})::text` })
      .from(listCount)
      .where(eq(listCount.scope, 'order'))
      .groupBy(listCount.bucket);
    return toListCounts('order', Object.fromEntries(rows.map((r) => [r.bucket, r.n])));
  }

  /**
   * A page of orders, newest first, with the total of its tab and every tab's count; every page is one statement
   * (pageStatement), with the counts as a column when it reads them.
   * - Unfiltered page 1 of a pharmacy: a backward walk of orders_pharmacy_list_idx / orders_pharmacy_status_idx that
   *   stops after the page, with list_count's counts and the write version (kept while that version stands).
   * - Unfiltered deeper pages: from the tab's position anchors when they are current (the page's ids from the anchor
   *   before it, its rows, the counts and the write version that proves the anchors current); otherwise the counts
   *   tell where the page lies and its ids are read from the list index alone (an index-only offset over
   *   (pharmacy_id, [status,] id)), walking from whichever end is nearer.
   * - Filtered: a walk of the pharmacy's orders in list order checking the filter, with its exact counts.
   */
  async page(scope: ListScope, query: OrderListQuery): Promise<{ rows: OrderRow[]; counts: OrderCountsRaw }> {
    const limit = query.page_size;
    const offset = (query.page - 1) * query.page_size;
    const status = query.status === 'all' ? undefined : query.status;
    const pharmacyId = 'pharmacyId' in scope ? scope.pharmacyId : query.pharmacy_id;

    if (!isFiltered(query)) {
      if (pharmacyId !== undefined && offset === 0 && preparedPageSizes.has(limit)) {
        return this.firstPages.get(this.db, pharmacyId, `${status ?? 'all'}:${limit}`, async () => {
          const read = await this.hotPage('page1', pharmacyId, status, limit, {});
          // no row to carry the counts (an empty tab)
          if (!read.rows.length)
            return { page: { rows: [], counts: await readListCounts(this.db, 'order', pharmacyId) }, version: null };
          return { page: { rows: read.rows, counts: read.counts }, version: read.version };
        });
      }
      if (offset >= this.anchorOptions.every) {
        const anchored = await this.anchoredPage(pharmacyId, status, limit, offset);
        if (anchored) return anchored;
      }
      const counts =
        pharmacyId !== undefined ? await readListCounts(this.db, 'order', pharmacyId) : await this.operatorCounts();
      const inTab = status ? counts[status] : tabCounts(counts).all;
      if (offset >= inTab) return { rows: [], counts };
      const fromEnd = offset > inTab / 2;
      const depth = fromEnd ? inTab - offset - limit : offset;
      if (depth >= this.anchorOptions.minDepth) {
        const read = this.requestAnchors(pharmacyId, status);
        if (read && this.anchorOptions.sync) {
          await read;
          const anchored = await this.anchoredPage(pharmacyId, status, limit, offset);
          if (anchored) return anchored;
        }
      }
      return { rows: await this.seekPage(pharmacyId, status, limit, offset, inTab), counts };
    }

    const where = and(
      isNull(orders.deletedAt),
      ...(pharmacyId !== undefined ? [eq(orders.pharmacyId, pharmacyId)] : []),
      ...filterConditions(query),
    )!;
    const countsSql = sql`(select json_object_agg(c.status, c.n)
      from (select ${orders.status} as status, count(*) as n from ${orders} where ${where} group by 1) c)::text as counts`;
    const { rows } = await queryRows<PageRow>(
      this.db,
      pageStatement(pageIds(status ? and(where, eq(orders.status, status))! : where, limit, offset), [countsSql]),
    );
    if (rows.length) return PharmacyOrderRepository.parsePage(rows);
    // no row to carry the counts (nothing matches in this tab, or a page past the end)
    const { rows: only } = await queryRows<{ counts: string | null }>(this.db, sql`select ${countsSql}`);
    return { rows: [], counts: toListCounts('order', only[0]?.counts ? JSON.parse(only[0].counts) : null) };
  }

  /** The unfiltered list's scope: not deleted, the pharmacy's (when one), the tab's status (when one). */
  private scopeOf(pharmacyId: number | undefined, status: OrderStatus | undefined): SQL {
    return and(
      isNull(orders.deletedAt),
      ...(pharmacyId !== undefined ? [eq(orders.pharmacyId, pharmacyId)] : []),
      ...(status ? [eq(orders.status, status)] : []),
    )!;
  }

  /**
   * An unfiltered page past the first: `inTab` (from the counts) says how many orders the tab holds, so a page in
   * the older half is read walking the index from the oldest end (ascending), never more than half the tab's entries
   * away. The ids come from the index alone (orders_pharmacy_list_idx / orders_pharmacy_status_idx, or
   * orders_list_idx for the operator), then their rows by primary key.
   */
  private async seekPage(
    pharmacyId: number | undefined,
    status: OrderStatus | undefined,
    limit: number,
    offset: number,
    inTab: number,
  ): Promise<OrderRow[]> {
    const fromEnd = offset > inTab / 2;
    // from the end: the page is the `take` entries after the first `skip` of the ascending walk
    const take = fromEnd ? Math.min(limit, inTab - offset) : limit;
    const skip = fromEnd ? Math.max(0, inTab - offset - limit) : offset;
    const { rows } = await queryRows<PageRow>(
      this.db,
      pageStatement(pageIds(this.scopeOf(pharmacyId, status), take, skip, fromEnd), []),
    );
    return PharmacyOrderRepository.parsePage(rows).rows;
  }

  private anchorKey = (pharmacyId: number | undefined, status: OrderStatus | undefined) =>
    `${pharmacyId ?? 'all'}|${status ?? 'all'}`;

  /**
   * A page from the tab's anchors (AnchorOptions) in one statement — the ids after `skip` entries of the index walk
   * from the anchor before the page, their rows, the counts and the write version — when anchors were read for the
   * tab and no write came since (the version read with the page is the one they were read at); undefined otherwise
   * (the caller reads the counts and walks from the nearer end; stale anchors are read again, at most once per
   * refreshMs).
   */
  private async anchoredPage(
    pharmacyId: number | undefined,
    status: OrderStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: OrderRow[]; counts: OrderCountsRaw } | undefined> {
    const { every } = this.anchorOptions;
    const entry = this.anchors.peek(this.anchorKey(pharmacyId, status));
    if (!entry) return undefined;
    const k = Math.floor(offset / every);
    const anchorId = entry.value.ids[k];
    if (anchorId === undefined) return undefined;
    const read = await this.hotPage('anchored', pharmacyId, status, limit, { anchorId, skip: offset - k * every });
    if (!read.rows.length || read.version !== entry.version) {
      this.requestAnchors(pharmacyId, status);
      return undefined;
    }
    return { rows: read.rows, counts: read.counts };
  }

  /**
   * Asks for the tab's anchors to be read (one index-only walk of the tab, with the version in the same statement),
   * at most once per refreshMs per tab; the read, or undefined when rate-limited. Failures are dropped: the list
   * walks from the nearer end without anchors.
   */
  private requestAnchors(pharmacyId: number | undefined, status: OrderStatus | undefined) {
    const key = this.anchorKey(pharmacyId, status);
    const last = this.anchorReads.get(key) ?? 0;
    if (!this.anchorOptions.sync && Date.now() - last < this.anchorOptions.refreshMs) return undefined;
    this.anchorReads.set(key, Date.now());
    if (this.anchorReads.size > 10_000) this.anchorReads.clear();
    const version = pharmacyId !== undefined ? writeVersionColumn('order', pharmacyId) : allOrderWrites;
    return this.readAnchors(key, this.scopeOf(pharmacyId, status), version).catch(() => undefined);
  }

  /** One walk of the tab: every `every`-th id in list order, kept with the version read in the same statement. */
  private async readAnchors(key: string, scope: SQL, version: SQL<string | null>) {
    const { rows } = await queryRows<{ ids: number[] | null; v: string | null }>(
      this.db,
      sql`select (select array_agg(x.id order by x.rn) from (
            select ${orders.id} as id, row_number() over (order by ${orders.id} desc) as rn
            from ${orders} where ${scope}) x where (x.rn - 1) % ${this.anchorOptions.every} = 0) as ids, ${version} as v`,
    );
    const read = rows[0];
    if (!read?.v) return undefined;
    const value = { ids: (read.ids ?? []).map(Number) };
    this.anchors.set(key, read.v, value);
    return { version: read.v, value };
  }

  /** One order of the pharmacy (any pharmacy's when undefined), not deleted: its row and every detail column. */
  async find(pharmacyId: number | undefined, id: number) {
    const rows = await this.base()
      .where(
        and(
          eq(orders.id, id),
          isNull(orders.deletedAt),
          ...(pharmacyId !== undefined ? [eq(orders.pharmacyId, pharmacyId)] : []),
        ),
      )
      .limit(1);
    const row = rows[0] as unknown as OrderRow | undefined;
    if (!row) return undefined;
    const { rows: more } = await queryRows<{
      family_member_id: number | null;
      patient_gender: string;
      patient_age: number | null;
      buyer_remark: string;
      recipe_id: number | null;
      channel_id: number | null;
      quote_set_id: number | null;
      pay_method: string;
      auto_confirm_at: string | null;
      completed_by: string | null;
      cancel_reason: string;
      cancelled_by: string | null;
    }>(
      this.db,
      sql`select family_member_id, patient_gender, patient_age, buyer_remark, recipe_id, channel_id, quote_set_id,
          pay_method, ${iso('auto_confirm_at')} as auto_confirm_at, completed_by, cancel_reason, cancelled_by
        from orders where id = ${id}`,
    );
    return { ...row, ...more[0]! };
  }

  /** Whether the order is the pharmacy's and not deleted (the buyer's account id, or undefined). */
  async owner(pharmacyId: number, id: number): Promise<{ accountId: number; status: OrderStatus } | undefined> {
    const [row] = await this.db
      .select({ accountId: orders.accountId, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.pharmacyId, pharmacyId), isNull(orders.deletedAt)))
      .limit(1);
    return row;
  }

  async items(orderId: number) {
    const { rows } = await queryRows<{
      id: number;
      quote_id: number | null;
      quote_set_id: number | null;
      product_id: number | null;
      name: string;
      spec: string;
      product_type: string;
      approval_no: string;
      image: string;
      price: string;
      qty: number;
      subtotal: string;
      combo_items: { quote_id: number; product_id: number; name: string; spec: string; qty: number }[] | null;
    }>(
      this.db,
      sql`select id, quote_id, quote_set_id, product_id, name, spec, product_type, approval_no, image,
          price::text as price, qty, subtotal::text as subtotal, combo_items
        from order_item where order_id = ${orderId} order by id`,
    );
    return rows;
  }

  async remarks(orderId: number) {
    const { rows } = await queryRows<{ id: number; content: string; author_name: string; created_at: string }>(
      this.db,
      sql`select id, content, author_name, ${iso('created_at')} as created_at
        from order_remark where order_id = ${orderId} order by id desc`,
    );
    return rows;
  }

  async payments(orderId: number) {
    const { rows } = await queryRows<{
      id: number;
      provider: string;
      amount: string;
      status: 'pending' | 'paid' | 'refunded' | 'closed';
      provider_ref: string;
      paid_at: string | null;
      refunded_at: string | null;
      created_at: string;
    }>(
      this.db,
      sql`select id, provider, amount::text as amount, status, provider_ref, ${iso('paid_at')} as paid_at,
          ${iso('refunded_at')} as refunded_at, ${iso('created_at')} as created_at
        from order_payment where order_id = ${orderId} order by id`,
    );
    return rows;
  }

  async express(orderId: number) {
    const { rows } = await queryRows<{
      id: number;
      courier_code: string;
      company_name: string;
      tracking_no: string;
      source: 'manual' | 'batch' | 'sf';
      shipped_at: string;
      events: { occurred_at: string; description: string; location: string }[] | null;
    }>(
      this.db,
      sql`select e.id, e.courier_code, e.company_name, e.tracking_no, e.source, ${iso('e.shipped_at')} as shipped_at,
          (select json_agg(json_build_object('occurred_at', ${iso('v.occurred_at')}, 'description', v.description,
              'location', v.location) order by v.occurred_at desc, v.id desc)
            from order_express_event v where v.express_id = e.id) as events
        from order_express e where e.order_id = ${orderId} order by e.id desc`,
    );
    return rows;
  }

  async addRemark(
    tx: DbExecutor,
    values: { orderId: number; pharmacyId: number; authorId: number; content: string },
  ): Promise<{ id: number; content: string; author_name: string; created_at: string }> {
    const { rows } = await queryRows<{ id: number; content: string; author_name: string; created_at: string }>(
      tx,
      sql`insert into order_remark (order_id, pharmacy_id, author_id, author_name, content)
        select ${values.orderId}, ${values.pharmacyId}, a.id,
          coalesce(nullif(a.name, ''), overlay(a.phone placing '****' from 4 for 4)), ${values.content}
        from account a where a.id = ${values.authorId}
        returning id, content, author_name, ${iso('created_at')} as created_at`,
    );
    return rows[0]!;
  }

  /** Soft-deletes a cancelled order of the pharmacy; the status it found (null: none), and whether it deleted. */
  async softDelete(pharmacyId: number, id: number): Promise<{ deleted: boolean; status: OrderStatus | null }> {
    const updated = await queryRows(
      this.db,
      sql`update orders set deleted_at = now(), updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId} and deleted_at is null and status = 'cancelled'`,
    );
    if (updated.rowCount) return { deleted: true, status: 'cancelled' };
    const found = await this.owner(pharmacyId, id);
    return { deleted: false, status: found?.status ?? null };
  }

  /** The buyer (name, phone) and their orders at the pharmacy: count and the paid amount not refunded. */
  async buyer(pharmacyId: number, accountId: number) {
    const { rows } = await queryRows<{
      name: string;
      phone: string;
      order_count: number;
      paid_amount: string;
      viper_id: number | null;
    }>(
      this.db,
      sql`select a.name, a.phone,
          (select count(*)::int from orders o where o.pharmacy_id = ${pharmacyId} and o.account_id = a.id
            and o.deleted_at is null) as order_count,
          (select coalesce(sum(s.pay_amount - s.refund_amount), 0)::numeric(12,2)::text from settlement s
            join orders o on o.id = s.order_id
            where s.pharmacy_id = ${pharmacyId} and o.account_id = a.id) as paid_amount,
          (select v.id from viper v where v.pharmacy_id = ${pharmacyId} and v.account_id = a.id) as viper_id
        from account a where a.id = ${accountId}`,
    );
    return rows[0];
  }

  /** The buyer's member card at the pharmacy (the members module's card, read through the same tables). */
  async memberCard(pharmacyId: number, viperId: number) {
    const { rows } = await queryRows<{
      id: number;
      account_id: number;
      name: string;
      phone: string;
      head_img_url: string;
      level: number;
      points: number;
      tags: string[];
      channel_id: number | null;
      channel_name: string | null;
      remark: string;
      created_at: string;
    }>(
      this.db,
      sql`select v.id, v.account_id, a.name, a.phone, a.head_img_url, v.level, v.points, v.tags, v.channel_id,
          c.name as channel_name, v.remark, ${iso('v.created_at')} as created_at
        from viper v join account a on a.id = v.account_id
          left join channel c on c.id = v.channel_id and c.pharmacy_id = v.pharmacy_id
        where v.id = ${viperId} and v.pharmacy_id = ${pharmacyId}`,
    );
    const card = rows[0];
    if (!card) return undefined;
    const [family, addresses] = await Promise.all([
      queryRows<{
        id: number;
        name: string;
        relation: string;
        id_number: string;
        gender: 'male' | 'female' | null;
        birthday: string | null;
        phone: string;
        is_default: boolean;
        allergy_history: string[];
        family_medical_history: string[];
        past_medical_history: string[];
      }>(
        this.db,
        sql`select id, name, relation, id_number, gender, birthday::text as birthday, phone, is_default,
            allergy_history, family_medical_history, past_medical_history
          from family_member where account_id = ${card.account_id} order by is_default desc, id`,
      ),
      queryRows<{
        id: number;
        name: string;
        phone: string;
        province: string;
        city: string;
        district: string;
        detail: string;
        is_default: boolean;
      }>(
        this.db,
        sql`select id, name, phone, province, city, district, detail, is_default
          from address where account_id = ${card.account_id} order by is_default desc, id`,
      ),
    ]);
    return { card, family: family.rows, addresses: addresses.rows };
  }
}
