import type { CustomerOrderListQuery, OrderStatus, ProxyOrderKind } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern, productSearchCondition } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';
import { type OrderRow, orderSelect } from './user-order.repository';

/**
 * How marketing's orders for customers are read (placing them is UserOrderRepository's placeOrder): the pharmacy's
 * customers for the picker, its quotes and combos, and 客户订单 — the orders a staff member may see. Every query
 * names the pharmacy; an order the viewer may not see answers like a missing one.
 */

/** Who is looking: a manager sees the pharmacy's customers' orders and every staff-placed one; others their own. */
export interface Viewer {
  accountId: number;
  manager: boolean;
}

export interface CustomerOptionRow {
  account_id: number;
  name: string;
  phone: string;
  owner_name: string | null;
  mine: boolean;
}

export interface CustomerOrderExtras {
  customer_name: string;
  owner_name: string | null;
  created_by_name: string | null;
}

/** The display name of an account: its name, else its own (self) family member's, else the masked phone. */
const accountName = (alias: string) => {
  const a = sql.raw(alias);
  return sql`coalesce(nullif(${a}.name, ''),
    (select f.name from family_member f where f.account_id = ${a}.id and f.relation = 'self' order by f.id limit 1),
    overlay(${a}.phone placing '****' from 4 for 4))`;
};

/** What a keyword means for a phone: 11 digits exact, 4 digits its last four; anything else no phone. */
const phoneCondition = (column: SQL, keyword: string): SQL | null => {
  if (/^1\d{10}$/.test(keyword)) return sql`${column} = ${keyword}`;
  if (/^\d{4}$/.test(keyword)) return sql`right(${column}, 4) = ${keyword}`;
  return null;
};

export class ProxyOrderRepository {
  constructor(readonly db: Database) {}

  // ---------------------------------------------------------------------------------------------------------------
  // Pickers

  private customerSelect(pharmacyId: number, me: number, where: SQL) {
    return sql`select a.id as account_id, ${accountName('a')} as name, a.phone,
        case when ow.id is null then null else ${accountName('ow')} end as owner_name,
        coalesce(ci.owner_account_id = ${me}, false) as mine
      from customer_info ci
      join account a on a.id = ci.account_id
      left join account ow on ow.id = ci.owner_account_id
      where ci.pharmacy_id = ${pharmacyId} and ${where}`;
  }

  /** The pharmacy's customers matching the keyword (phone, last 4 digits, or a name part), mine first. */
  async searchCustomers(pharmacyId: number, me: number, keyword: string | undefined): Promise<CustomerOptionRow[]> {
    let where = sql`true`;
    if (keyword) {
      where =
        phoneCondition(sql`a.phone`, keyword) ??
        sql`(a.name ilike ${containsPattern(keyword)} or exists (select 1 from family_member f
              where f.account_id = a.id and f.relation = 'self' and f.name ilike ${containsPattern(keyword)}))`;
    }
    const { rows } = await queryRows<CustomerOptionRow>(
      this.db,
      sql`${this.customerSelect(pharmacyId, me, where)}
        order by (ci.owner_account_id = ${me}) desc nulls last, ci.id desc limit 20`,
    );
    return rows;
  }

  /** One customer of the pharmacy (undefined: not a customer here). */
  async customer(pharmacyId: number, me: number, accountId: number): Promise<CustomerOptionRow | undefined> {
    const { rows } = await queryRows<CustomerOptionRow>(
      this.db,
      this.customerSelect(pharmacyId, me, sql`ci.account_id = ${accountId}`),
    );
    return rows[0];
  }

  async familyMembers(accountId: number) {
    const { rows } = await queryRows<{
      id: number;
      name: string;
      relation: string;
      id_number: string;
      gender: string | null;
      birthday: string | null;
      is_default: boolean;
    }>(
      this.db,
      sql`select id, name, relation, id_number, gender, birthday::text as birthday, is_default from family_member
        where account_id = ${accountId} order by is_default desc, id`,
    );
    return rows;
  }

  async addresses(accountId: number) {
    const { rows } = await queryRows<{
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
      sql`select id, name, phone, province, city, district, detail, is_default from address
        where account_id = ${accountId} order by is_default desc, id`,
    );
    return rows;
  }

  /** The pharmacy's delivery terms (freight and free threshold). */
  async terms(pharmacyId: number) {
    const { rows } = await queryRows<{ freight: string; free_freight_threshold: string | null }>(
      this.db,
      sql`select coalesce(s.freight, 0)::numeric(12,2)::text as freight,
          s.free_freight_threshold::numeric(12,2)::text as free_freight_threshold
        from pharmacy p left join pharmacy_setting s on s.pharmacy_id = p.id where p.id = ${pharmacyId}`,
    );
    return rows[0] ?? { freight: '0.00', free_freight_threshold: null };
  }

  /** On-shelf quotes of active products (non_drug: NON_DRUG only), by the catalogue search; top and sort first. */
  async quotes(pharmacyId: number, kind: ProxyOrderKind, keyword: string | undefined, limit: number) {
    const { rows } = await queryRows<{
      quote_id: number;
      product_name: string;
      spec: string;
      type: 'RX' | 'OTC' | 'HERBAL' | 'NON_DRUG';
      price: string;
      stock: number;
      image: string;
    }>(
      this.db,
      sql`select q.id as quote_id, product.name as product_name, product.spec, product.type,
          q.price::text as price, q.stock, coalesce(product.images[1], '') as image
        from quote q join product on product.id = q.product_id
        where q.pharmacy_id = ${pharmacyId} and q.status = 'on_shelf' and product.status = 'active'
          ${kind === 'non_drug' ? sql`and product.type = 'NON_DRUG'` : sql``}
          ${keyword ? sql`and ${productSearchCondition(keyword)}` : sql``}
        order by q.is_top desc, q.sort, q.id limit ${limit}`,
    );
    return rows;
  }

  /** The combos on sale whose items are all on shelf, with how many whole combos the stock allows. */
  async combos(pharmacyId: number, keyword: string | undefined) {
    const { rows } = await queryRows<{
      id: number;
      name: string;
      price: string;
      has_rx: boolean;
      items_text: string | null;
      available: number | null;
    }>(
      this.db,
      sql`select s.id, s.name, s.price::text as price,
          coalesce(bool_or(p.type = 'RX'), false) as has_rx,
          string_agg(p.name || '×' || i.qty, '、' order by i.sort, i.id) as items_text,
          min(q.stock / i.qty)::int as available
        from quote_set s
        join quote_set_item i on i.quote_set_id = s.id
        join quote q on q.id = i.quote_id and q.pharmacy_id = s.pharmacy_id
        join product p on p.id = q.product_id
        where s.pharmacy_id = ${pharmacyId} and s.status = 'on_sale'
          ${keyword ? sql`and s.name ilike ${containsPattern(keyword)}` : sql``}
        group by s.id
        having bool_and(q.status = 'on_shelf' and p.status = 'active')
        order by s.id desc limit 50`,
    );
    return rows;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // 客户订单

  /**
   * The orders a viewer may see at the pharmacy (with `ci` the buyer's customer card, when any): a manager, the
   * customers' orders and every staff-placed one; anyone else, their own customers' orders and what they placed.
   */
  private visible(pharmacyId: number, viewer: Viewer): SQL {
    const base = sql`o.pharmacy_id = ${pharmacyId} and o.deleted_at is null`;
    if (viewer.manager) return sql`${base} and (ci.id is not null or o.created_by is not null)`;
    return sql`${base} and (ci.owner_account_id = ${viewer.accountId} or o.created_by = ${viewer.accountId})`;
  }

  private extrasSelect() {
    return sql`${accountName('buyer')} as customer_name,
      case when ow.id is null then null else ${accountName('ow')} end as owner_name,
      case when cb.id is null then null else ${accountName('cb')} end as created_by_name`;
  }

  private extrasJoins() {
    return sql`left join customer_info ci on ci.pharmacy_id = o.pharmacy_id and ci.account_id = o.account_id
      join account buyer on buyer.id = o.account_id
      left join account ow on ow.id = ci.owner_account_id
      left join account cb on cb.id = o.created_by`;
  }

  async list(pharmacyId: number, viewer: Viewer, q: CustomerOrderListQuery) {
    const conditions: SQL[] = [this.visible(pharmacyId, viewer)];
    if (q.kind !== 'all') conditions.push(sql`o.kind = ${q.kind}`);
    const staffFilter = (members: SQL) => sql`(ci.owner_account_id in (${members}) or o.created_by in (${members}))`;
    if (viewer.manager && q.owner_id) conditions.push(staffFilter(sql`${q.owner_id}`));
    if (viewer.manager && q.team_id) {
      conditions.push(
        staffFilter(sql`select m.account_id from pharmacy_member m
          where m.pharmacy_id = ${pharmacyId} and m.team_id = ${q.team_id}`),
      );
    }
    if (q.keyword) {
      const k = q.keyword.replace(/\s+/g, '');
      const phone = phoneCondition(sql`buyer.phone`, k);
      const receiver = phoneCondition(sql`o.receiver_phone`, k);
      conditions.push(phone && receiver ? sql`(${phone} or ${receiver} or o.order_no = ${k})` : sql`o.order_no = ${k}`);
    }
    const where = sql.join(conditions, sql` and `);
    const statusCond = q.status === 'all' ? sql`true` : sql`o.status = ${q.status}`;
    const from = sql`from orders o ${this.extrasJoins()} where ${where}`;
    const [page, counts] = await Promise.all([
      queryRows<{ id: number }>(
        this.db,
        sql`select o.id ${from} and ${statusCond} order by o.id desc
          limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
      ),
      queryRows<{ status: OrderStatus; n: number }>(
        this.db,
        sql`select o.status, count(*)::int as n ${from} group by o.status`,
      ),
    ]);
    const ids = page.rows.map((r) => r.id);
    return { rows: await this.ordersByIds(pharmacyId, ids), counts: counts.rows };
  }

  private async ordersByIds(pharmacyId: number, ids: number[]) {
    if (!ids.length) return [];
    const { rows } = await queryRows<OrderRow & CustomerOrderExtras>(
      this.db,
      sql`select x.*, ${this.extrasSelect()}
        from (${orderSelect(sql`o.pharmacy_id = ${pharmacyId} and o.id = any(${`{${ids.join(',')}}`}::int[])`)}) x
        join orders o on o.id = x.id
        ${this.extrasJoins()}
        order by x.id desc`,
    );
    return rows;
  }

  /** One order the viewer may see (undefined: missing, deleted, another pharmacy's or not theirs). */
  async order(pharmacyId: number, viewer: Viewer, id: number) {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`select o.id from orders o ${this.extrasJoins()} where o.id = ${id} and ${this.visible(pharmacyId, viewer)}`,
    );
    if (!rows[0]) return undefined;
    return (await this.ordersByIds(pharmacyId, [id]))[0];
  }

  async remarks(orderId: number) {
    const { rows } = await queryRows<{ id: number; content: string; author_name: string; created_at: string }>(
      this.db,
      sql`select id, content, author_name, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          as created_at
        from order_remark where order_id = ${orderId} order by id desc`,
    );
    return rows;
  }

  async addRemark(v: { orderId: number; pharmacyId: number; authorId: number; content: string }) {
    const { rows } = await queryRows<{ id: number; content: string; author_name: string; created_at: string }>(
      this.db,
      sql`insert into order_remark (order_id, pharmacy_id, author_id, author_name, content)
        select ${v.orderId}, ${v.pharmacyId}, a.id, ${accountName('a')}, ${v.content}
        from account a where a.id = ${v.authorId}
        returning id, content, author_name,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`,
    );
    return rows[0]!;
  }

  /** Whether the account is a customer of the pharmacy (customer_info). */
  async isCustomer(pharmacyId: number, accountId: number): Promise<boolean> {
    const { rows } = await queryRows(
      this.db,
      sql`select 1 from customer_info where pharmacy_id = ${pharmacyId} and account_id = ${accountId}`,
    );
    return rows.length > 0;
  }

  /** The manager's filters: active staff of the pharmacy (not pharmacists) and its teams. */
  async filterOptions(pharmacyId: number) {
    const [staff, teams] = await Promise.all([
      queryRows<{ account_id: number; name: string; team_id: number | null }>(
        this.db,
        sql`select a.id as account_id, ${accountName('a')} as name, m.team_id
          from pharmacy_member m join account a on a.id = m.account_id
          where m.pharmacy_id = ${pharmacyId} and m.status = 'active' and m.role <> 'pharmacist'
          order by m.id`,
      ),
      queryRows<{ id: number; name: string }>(
        this.db,
        sql`select id, name from team where pharmacy_id = ${pharmacyId} order by id`,
      ),
    ]);
    return { staff: staff.rows, teams: teams.rows };
  }
}
