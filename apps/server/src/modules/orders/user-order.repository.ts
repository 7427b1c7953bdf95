import type { OrderKind, OrderStatus } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { blacklistedSql } from '../../lib/blacklist';
import { namedRows } from '../../lib/named-statement';
import { intArray, queryRows } from '../../lib/sql-rows';

/**
 * The only place that knows how the patient's orders are stored: placing one (order, lines, stock in one statement),
 * its payments, and reading orders as the patient sees them. Every read names the account: another account's order
 * is exactly like a missing one.
 */

export interface QuoteForOrder {
  id: number;
  pharmacy_id: number;
  product_id: number;
  name: string;
  spec: string;
  type: string;
  approval_no: string;
  image: string;
  price: string;
  stock: number;
  on_shelf: boolean;
}

export interface ComboForOrder {
  id: number;
  name: string;
  price: string;
  on_sale: boolean;
  items: (QuoteForOrder & { qty: number })[];
}

export interface PharmacyForOrder {
  id: number;
  name: string;
  freight: string;
  free_freight_threshold: string | null;
  receiving_bank: string;
  receiving_account_name: string;
  receiving_account_no: string;
  service_phone: string;
}

export interface FamilyMemberForOrder {
  id: number;
  name: string;
  id_number: string;
  gender: string | null;
  birthday: string | null;
}

export interface AddressForOrder {
  id: number;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
}

export interface NewOrderLine {
  quoteId: number | null;
  quoteSetId: number | null;
  productId: number | null;
  name: string;
  spec: string;
  productType: string;
  approvalNo: string;
  image: string;
  price: string;
  qty: number;
  subtotal: string;
  comboItems: { quote_id: number; product_id: number; name: string; spec: string; qty: number }[] | null;
}

export interface NewOrder {
  pharmacyId: number;
  accountId: number;
  familyMemberId: number;
  addressId: number;
  kind: OrderKind;
  hasRx: boolean;
  goodsAmount: string;
  freight: string;
  discount: string;
  payAmount: string;
  patientName: string;
  patientGender: string;
  patientAge: number | null;
  receiverName: string;
  receiverPhone: string;
  province: string;
  city: string;
  district: string;
  addressDetail: string;
  buyerRemark: string;
  quoteSetId: number | null;
  /** the staff member who placed it for the buyer (marketing's proxy and non-drug orders); null: the buyer */
  createdBy: number | null;
  idempotencyKey: string | null;
  requestHash: string | null;
}

export interface OrderRow {
  id: number;
  order_no: string;
  pharmacy_id: number;
  pharmacy_name: string;
  account_id: number;
  buyer_phone: string;
  kind: OrderKind;
  has_rx: boolean;
  status: OrderStatus;
  goods_amount: string;
  freight: string;
  discount: string;
  pay_amount: string;
  patient_name: string;
  patient_gender: string;
  patient_age: number | null;
  receiver_name: string;
  receiver_phone: string;
  province: string;
  city: string;
  district: string;
  address_detail: string;
  buyer_remark: string;
  family_member_id: number | null;
  recipe_id: number | null;
  channel_id: number | null;
  quote_set_id: number | null;
  pay_method: string;
  courier_code: string | null;
  tracking_no: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  shipped_at: Date | string | null;
  auto_confirm_at: Date | string | null;
  completed_at: Date | string | null;
  completed_by: string | null;
  cancelled_at: Date | string | null;
  cancel_reason: string;
  cancelled_by: string | null;
  item_count: number;
  first_item_name: string | null;
  first_item_qty: number | null;
}

export interface OrderItemRow {
  id: number;
  order_id: number;
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
  combo_items: NewOrderLine['comboItems'];
}

export interface PaymentRow {
  id: number;
  provider: string;
  status: 'pending' | 'paid' | 'refunded' | 'closed';
  amount: string;
  provider_ref: string;
  created_at: Date | string;
}

/** The order as lists and the detail show it: pharmacy name, buyer phone, latest shipment, first line. */
export const orderSelect = (where: SQL) => sql`
  select o.id, o.order_no, o.pharmacy_id, ph.name as pharmacy_name, o.account_id, a.phone as buyer_phone,
    o.kind, o.has_rx, o.status, o.goods_amount::text as goods_amount, o.freight::text as freight,
    o.discount::text as discount, o.pay_amount::text as pay_amount, o.patient_name, o.patient_gender, o.patient_age,
    o.receiver_name, o.receiver_phone, o.province, o.city, o.district, o.address_detail, o.buyer_remark,
    o.family_member_id, o.recipe_id, o.channel_id, o.quote_set_id, o.pay_method,
    e.courier_code, e.tracking_no, o.created_at, o.paid_at, o.shipped_at, o.auto_confirm_at, o.completed_at,
    o.completed_by, o.cancelled_at, o.cancel_reason, o.cancelled_by,
    coalesce(i.item_count, 0)::int as item_count, i.first_item_name, i.first_item_qty
  from orders o
  join pharmacy ph on ph.id = o.pharmacy_id
  join account a on a.id = o.account_id
  left join lateral (
    select x.courier_code, x.tracking_no from order_express x where x.order_id = o.id order by x.id desc limit 1
  ) e on true
  left join lateral (
    select count(*) over () as item_count, it.name as first_item_name, it.qty as first_item_qty
    from order_item it where it.order_id = o.id order by it.id limit 1
  ) i on true
  where ${where}`;

export class UserOrderRepository {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // What an order is placed with

  /** The pharmacy with its order settings; only an active pharmacy unless `anyStatus`. */
  async pharmacy(db: DbExecutor, id: number, anyStatus = false): Promise<PharmacyForOrder | undefined> {
    const { rows } = await queryRows<PharmacyForOrder>(
      db,
      sql`select p.id, p.name, coalesce(s.freight, 0)::text as freight,
            s.free_freight_threshold::text as free_freight_threshold,
            coalesce(s.receiving_bank, '') as receiving_bank,
            coalesce(s.receiving_account_name, '') as receiving_account_name,
            coalesce(s.receiving_account_no, '') as receiving_account_no,
            coalesce(nullif(s.service_phone, ''), p.phone) as service_phone
          from pharmacy p left join pharmacy_setting s on s.pharmacy_id = p.id
          where p.id = ${id} ${anyStatus ? sql`` : sql`and p.status = 'active'`}`,
    );
    return rows[0];
  }

  pharmacySettings(id: number) {
    return this.pharmacy(this.db, id, true);
  }

  /**
   * Everything an order is placed with, in ONE round trip: the active pharmacy with its settings, the caller's family
   * member and address (each undefined when missing or another account's), the caller's phone, the pharmacy's quotes
   * among `quoteIds` with their products, the combo with its items (when `comboId`), and the caller's order already
   * created with the idempotency key (when `key`). A plain read (autocommit): placeOrder's one statement takes the
   * locks it needs. A named statement; a missing combo or key is passed as 0 / '' (no combo, no order has them), not
   * null: with nulls PostgreSQL's custom plans fold those subqueries away, look cheaper than the generic plan, and it
   * then plans the statement on every call (~1 ms of its CPU per order).
   */
  async placeReads(
    db: DbExecutor,
    a: {
      accountId: number;
      pharmacyId: number;
      memberId: number;
      addressId: number;
      quoteIds: number[];
      comboId: number | null;
      key: string | null;
    },
  ) {
    const quoteColumns = sql`q.id, q.pharmacy_id, q.product_id, p.name, p.spec, p.type, p.approval_no,
      coalesce(p.images[1], '') as image, q.price::text as price, q.stock,
      (q.status = 'on_shelf' and p.status = 'active') as on_shelf`;
    const rows = await namedRows<{
      pharmacy: PharmacyForOrder | string | null;
      member: FamilyMemberForOrder | string | null;
      address: AddressForOrder | string | null;
      buyer_phone: string | null;
      quotes: QuoteForOrder[] | string | null;
      combo: ComboForOrder | string | null;
      existing: { id: number; request_hash: string | null } | string | null;
      blacklisted: boolean;
    }>(
      db,
      'user_order_place_read',
      sql`select
            (select row_to_json(x) from (
              select p.id, p.name, coalesce(s.freight, 0)::text as freight,
                s.free_freight_threshold::text as free_freight_threshold,
                coalesce(s.receiving_bank, '') as receiving_bank,
                coalesce(s.receiving_account_name, '') as receiving_account_name,
                coalesce(s.receiving_account_no, '') as receiving_account_no,
                coalesce(nullif(s.service_phone, ''), p.phone) as service_phone
              from pharmacy p left join pharmacy_setting s on s.pharmacy_id = p.id
              where p.id = ${a.pharmacyId} and p.status = 'active') x) as pharmacy,
            (select row_to_json(x) from (
              select id, name, id_number, gender, birthday::text as birthday from family_member
              where id = ${a.memberId} and account_id = ${a.accountId}) x) as member,
            (select row_to_json(x) from (
              select id, name, phone, province, city, district, detail from address
              where id = ${a.addressId} and account_id = ${a.accountId}) x) as address,
            (select phone from account where id = ${a.accountId}) as buyer_phone,
            (select json_agg(row_to_json(x)) from (
              select ${quoteColumns} from quote q join product p on p.id = q.product_id
              where q.pharmacy_id = ${a.pharmacyId}::int and q.id = any(${intArray(a.quoteIds)}::int[])) x) as quotes,
            (select row_to_json(c) from (
              select s.id, s.name, s.price::text as price, s.status = 'on_sale' as on_sale,
                (select coalesce(json_agg(row_to_json(x) order by x.sort, x.item_id), '[]'::json) from (
                  select ${quoteColumns}, i.qty, i.sort, i.id as item_id
                  from quote_set_item i join quote q on q.id = i.quote_id join product p on p.id = q.product_id
                  where i.quote_set_id = s.id and q.pharmacy_id = ${a.pharmacyId}::int) x) as items
              from quote_set s where s.id = ${a.comboId ?? 0}::int and s.pharmacy_id = ${a.pharmacyId}::int) c) as combo,
            (select row_to_json(x) from (
              select id, request_hash from orders
              where account_id = ${a.accountId}::int and idempotency_key = ${a.key ?? ''}::text) x) as existing,
            ${blacklistedSql(a.pharmacyId, a.accountId)} as blacklisted`,
    );
    const row = rows[0]!;
    const parse = <T>(v: T | string | null): T | undefined =>
      v === null ? undefined : typeof v === 'string' ? (JSON.parse(v) as T) : v;
    return {
      pharmacy: parse(row.pharmacy),
      member: parse(row.member),
      address: parse(row.address),
      buyerPhone: row.buyer_phone ?? '',
      quotes: parse(row.quotes) ?? [],
      combo: parse(row.combo),
      existing: parse(row.existing),
      /** lib/blacklist.ts's rule, read in the same round trip */
      blacklisted: row.blacklisted === true,
    };
  }

  /**
   * Writes the order (pending_payment, its number the Shanghai date and 10 digits of order_no_seq), takes the stock
   * and inserts the lines, in ONE statement on its own (autocommit: no BEGIN / COMMIT round trips), all or nothing:
   * - `lk` takes the pharmacy's order-count lock first (the very locks 0012's order_list_count trigger takes: the
   *   scope's shared list-wide lock, then the pharmacy's). `chk` joins it, so the lock is held before any quote row
   *   is locked: the order a cancellation takes them in (order-count lock, then quote rows), so creation and
   *   cancellation never deadlock, and creations at one pharmacy queue on the lock, not on each other's quotes.
   * - `chk` locks the order's quotes that hold enough stock (FOR UPDATE, in id order; a row changed meanwhile is
   *   re-checked on its latest version). Only when every quote is there does the order go in (`o`), the stock come
   *   off (`taken`: guarded again, stock never below zero) and the lines go in (`l`); otherwise nothing is written
   *   and `short` names the quotes that were short (the caller answers 409 naming the product). A short order is an
   *   answer, not an error: a failed statement would cost the pooled connection (pg-pool drops a client whose query
   *   failed) and a new PostgreSQL backend.
   * - Should `taken` ever take less than `chk` locked, order_stock_short (migration 0020) fails the statement, so no
   *   order is kept without its stock.
   * - A duplicate idempotency key fails the order's insert (23505) and with it the statement: nothing is kept.
   * Line ids answer in the lines' order (identity values are drawn in VALUES order).
   */
  async placeOrder(
    db: DbExecutor,
    o: NewOrder,
    lines: NewOrderLine[],
    units: Map<number, number>,
  ): Promise<
    | { id: number; order_no: string; created_at: Date | string; lineIds: number[]; short: [] }
    | { id: null; short: number[] }
  > {
    const wanted = [...units].sort((x, y) => x[0] - y[0]);
    // every list travels as one JSON parameter, so the statement's text is the same for every order (a named
    // statement, parsed and planned once per connection)
    const stock = JSON.stringify(wanted.map(([id, n]) => ({ id, n })));
    const lineValues = JSON.stringify(
      lines.map((l, k) => ({
        quote_id: l.quoteId,
        quote_set_id: l.quoteSetId,
        product_id: l.productId,
        name: l.name,
        spec: l.spec,
        product_type: l.productType,
        approval_no: l.approvalNo,
        image: l.image,
        price: l.price,
        qty: l.qty,
        subtotal: l.subtotal,
        combo_items: l.comboItems,
        k,
      })),
    );
    const rows = await namedRows<{
      id: number | null;
      order_no: string;
      created_at: Date | string;
      line_ids: number[] | string | null;
      short: number[] | string;
    }>(
      db,
      'user_order_place_write',
      sql`with lk as materialized (
            select pg_advisory_xact_lock_shared(hashtext('list_count:order'), -1)::text as list,
              pg_advisory_xact_lock(hashtext('list_count:order'), ${o.pharmacyId}::int)::text as pharmacy
          ),
          w as materialized (select * from jsonb_to_recordset(${stock}::jsonb) as w(id int, n int)),
          chk as materialized (
            select q.id from quote q join w on w.id = q.id cross join lk
            where q.stock >= w.n order by q.id for update of q
          ),
          ok as materialized (select count(*) = (select count(*) from w) as all_in from chk),
          v as materialized (
            select * from jsonb_to_recordset(${lineValues}::jsonb) as v(quote_id int, quote_set_id int, product_id int,
              name text, spec text, product_type text, approval_no text, image text, price numeric, qty int,
              subtotal numeric, combo_items jsonb, k int)
          ),
          o as (
            insert into orders (order_no, pharmacy_id, account_id, family_member_id, address_id, kind, has_rx, status,
              goods_amount, freight, discount, pay_amount, patient_name, patient_gender, patient_age, receiver_name,
              receiver_phone, province, city, district, address_detail, buyer_remark, quote_set_id, idempotency_key,
              request_hash, created_by, item_count, items_text)
            select
              to_char(now() at time zone 'UTC' + interval '8 hours', 'YYYYMMDD')
                || lpad(nextval('order_no_seq')::text, 10, '0'),
              ${o.pharmacyId}, ${o.accountId}, ${o.familyMemberId}, ${o.addressId}, ${o.kind}, ${o.hasRx},
              'pending_payment', ${o.goodsAmount}, ${o.freight}, ${o.discount}, ${o.payAmount}, ${o.patientName},
              ${o.patientGender}, ${o.patientAge}, ${o.receiverName}, ${o.receiverPhone}, ${o.province}, ${o.city},
              ${o.district}, ${o.addressDetail}, ${o.buyerRemark}, ${o.quoteSetId}, ${o.idempotencyKey},
              ${o.requestHash}, nullif(${o.createdBy ?? 0}::int, 0), (select count(*)::int from v),
              order_items_text(array(select v.name from v order by v.k), array(select v.qty from v order by v.k))
            from ok where ok.all_in
            returning id, order_no, created_at
          ),
          taken as (
            update quote set stock = quote.stock - w.n, sales_count = quote.sales_count + w.n, updated_at = now()
            from w, o
            where quote.id = w.id and quote.stock >= w.n
            returning quote.id
          ),
          l as (
            insert into order_item (order_id, quote_id, quote_set_id, product_id, name, spec, product_type,
              approval_no, image, price, qty, subtotal, combo_items)
            select o.id, v.quote_id, v.quote_set_id, v.product_id, v.name, v.spec, v.product_type, v.approval_no,
              v.image, v.price, v.qty, v.subtotal, v.combo_items
            from o cross join v
            order by v.k
            returning id
          )
          select o.id, o.order_no, o.created_at,
            (select json_agg(l.id order by l.id) from l) as line_ids,
            (select coalesce(json_agg(w.id order by w.id), '[]'::json) from w
              where w.id not in (select chk.id from chk)) as short,
            order_stock_short(case when o.id is not null then array(
              select w.id from w where w.id not in (select taken.id from taken) order by w.id) end) as guard
          from (select 1) as one left join o on true`,
    );
    const row = rows[0]!;
    const list = (v: number[] | string | null) => (typeof v === 'string' ? (JSON.parse(v) as number[]) : (v ?? []));
    if (row.id === null) {
      const short = list(row.short);
      return { id: null, short: short.length ? short : wanted.map(([id]) => id) };
    }
    return { id: row.id, order_no: row.order_no, created_at: row.created_at, lineIds: list(row.line_ids), short: [] };
  }

  async address(db: DbExecutor, accountId: number, id: number) {
    const { rows } = await queryRows<AddressForOrder>(
      db,
      sql`select id, name, phone, province, city, district, detail from address
          where id = ${id} and account_id = ${accountId}`,
    );
    return rows[0];
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Placing

  /** The caller's order created with this idempotency key, with the hash of the body that created it. */
  async byIdempotencyKey(db: DbExecutor, accountId: number, key: string) {
    const { rows } = await queryRows<{ id: number; request_hash: string | null }>(
      db,
      sql`select id, request_hash from orders where account_id = ${accountId} and idempotency_key = ${key}`,
    );
    return rows[0];
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reading

  async order(db: DbExecutor, accountId: number, id: number): Promise<OrderRow | undefined> {
    const { rows } = await queryRows<OrderRow>(
      db,
      orderSelect(sql`o.id = ${id} and o.account_id = ${accountId} and o.deleted_at is null`),
    );
    return rows[0];
  }

  async items(db: DbExecutor, orderId: number): Promise<OrderItemRow[]> {
    const { rows } = await queryRows<OrderItemRow>(
      db,
      sql`select id, order_id, quote_id, quote_set_id, product_id, name, spec, product_type, approval_no, image,
            price::text as price, qty, subtotal::text as subtotal, combo_items
          from order_item where order_id = ${orderId} order by id`,
    );
    return rows;
  }

  /** The caller's orders, newest first (orders_account_idx), with the total. */
  async page(accountId: number, status: OrderStatus | undefined, limit: number, offset: number) {
    const where = sql.join(
      [sql`o.account_id = ${accountId}`, sql`o.deleted_at is null`, ...(status ? [sql`o.status = ${status}`] : [])],
      sql` and `,
    );
    const [list, count] = await Promise.all([
      queryRows<OrderRow>(this.db, sql`${orderSelect(where)} order by o.id desc limit ${limit} offset ${offset}`),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from orders o where ${where}`),
    ]);
    return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Changing and paying

  /** Locks the caller's order (for a change or a payment) and answers its status and amount. */
  async lockOrder(tx: DbExecutor, accountId: number, id: number) {
    const { rows } = await queryRows<{
      id: number;
      order_no: string;
      pharmacy_id: number;
      account_id: number;
      status: OrderStatus;
      pay_amount: string;
    }>(
      tx,
      sql`select id, order_no, pharmacy_id, account_id, status, pay_amount::text as pay_amount from orders
          where id = ${id} and account_id = ${accountId} and deleted_at is null for update`,
    );
    return rows[0];
  }

  /** Copies an address into an unpaid order (guarded: only while pending_payment). */
  async changeAddress(
    tx: DbExecutor,
    orderId: number,
    a: { id: number; name: string; phone: string; province: string; city: string; district: string; detail: string },
  ) {
    const { rowCount } = await queryRows(
      tx,
      sql`update orders set address_id = ${a.id}, receiver_name = ${a.name}, receiver_phone = ${a.phone},
            province = ${a.province}, city = ${a.city}, district = ${a.district}, address_detail = ${a.detail},
            updated_at = now()
          where id = ${orderId} and status = 'pending_payment'`,
    );
    return rowCount > 0;
  }

  /** The order's open or paid payment (order_payment_live_uq: at most one). */
  async livePayment(tx: DbExecutor, orderId: number): Promise<PaymentRow | undefined> {
    const { rows } = await queryRows<PaymentRow>(
      tx,
      sql`select id, provider, status, amount::text as amount, provider_ref, created_at from order_payment
          where order_id = ${orderId} and status in ('pending', 'paid')`,
    );
    return rows[0];
  }

  async insertPayment(
    tx: DbExecutor,
    p: { orderId: number; pharmacyId: number; provider: string; amount: string; ref: string },
  ): Promise<PaymentRow> {
    const { rows } = await queryRows<PaymentRow>(
      tx,
      sql`insert into order_payment (order_id, pharmacy_id, provider, amount, status, provider_ref)
          values (${p.orderId}, ${p.pharmacyId}, ${p.provider}, ${p.amount}, 'pending', ${p.ref})
          returning id, provider, status, amount::text as amount, provider_ref, created_at`,
    );
    return rows[0]!;
  }

  async setPaymentRef(tx: DbExecutor, paymentId: number, ref: string) {
    await tx.execute(sql`update order_payment set provider_ref = ${ref}, updated_at = now() where id = ${paymentId}`);
  }

  async setPayMethod(tx: DbExecutor, orderId: number, provider: string) {
    await tx.execute(
      sql`update orders set pay_method = ${provider}, updated_at = now()
          where id = ${orderId} and pay_method <> ${provider}`,
    );
  }
}
