import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { accountAddresses, accountFamily, accountIdOfPhone } from '../../lib/account-records';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/**
 * The operator's member list and card (issue 17). A platform member is an account with at least one viper row. The
 * list walks the members' account ids newest first (the viper indexes on account_id, or (pharmacy_id, account_id)
 * for one pharmacy) and stops after the page; each page row's figures are read per account through the
 * (account_id, …) indexes of orders and recipe, so a page costs its 20 accounts whatever the platform's size.
 */
export interface AdminCustomerFilter {
  pharmacyId?: number;
  /** One account: the exact phone. */
  phone?: string;
  /** The phone's last four digits. */
  phoneSuffix?: string;
  /** Part of the account's name (LIKE wildcards escaped). */
  namePart?: string;
  joinedFrom?: Date;
  joinedTo?: Date;
  hasPrescription?: boolean;
}

export interface AdminCustomerRow {
  account_id: number;
  name: string;
  phone: string;
  head_img_url: string;
  pharmacies: { id: number; name: string }[];
  joined_at: Date | string;
  order_count: number;
  paid_amount: string;
  first_order_at: Date | string | null;
  last_order_at: Date | string | null;
  prescription_count: number;
  total: number | null;
}

/** A paid order that was not cancelled (refunded): the orders module's rule (census PAID). */
const PAID = sql.raw(`o.paid_at is not null and o.status <> 'cancelled'`);

export class AdminCustomerRepository {
  constructor(private readonly db: Database) {}

  /** The WHERE over `viper v` shared by the page and its count. */
  private where(f: AdminCustomerFilter): SQL {
    const c: SQL[] = [sql`true`];
    if (f.pharmacyId !== undefined) c.push(sql`v.pharmacy_id = ${f.pharmacyId}`);
    if (f.phone !== undefined) c.push(sql`v.account_id = ${accountIdOfPhone(f.phone)}`);
    // right(phone, 4): an index on that expression serves it (asked of the lead); without one a scan of account
    if (f.phoneSuffix !== undefined)
      c.push(sql`v.account_id in (select id from account where right(phone, 4) = ${f.phoneSuffix})`);
    if (f.namePart !== undefined)
      c.push(sql`v.account_id in (select id from account where name like ${containsPattern(f.namePart)})`);
    if (f.joinedFrom) c.push(sql`v.created_at >= ${f.joinedFrom.toISOString()}`);
    if (f.joinedTo) c.push(sql`v.created_at < ${f.joinedTo.toISOString()}`);
    if (f.hasPrescription === true) c.push(sql`exists (select 1 from recipe r where r.account_id = v.account_id)`);
    if (f.hasPrescription === false) c.push(sql`not exists (select 1 from recipe r where r.account_id = v.account_id)`);
    return sql.join(c, sql` and `);
  }

  /**
   * Members matching the filter, exactly. Grouped rather than `count(distinct)`: PostgreSQL then walks an index in
   * account order (viper_account_idx, an index-only scan once vacuumed) instead of sorting every row into temp files.
   */
  private countQuery(f: AdminCustomerFilter): SQL {
    return sql`select count(*)::int from (select v.account_id from viper v where ${this.where(f)} group by v.account_id) c`;
  }

  /**
   * One page with its figures and the filter's total in one statement (the count an uncorrelated subquery,
   * evaluated once). A page past the end has no row to carry the total: the caller counts alone then.
   */
  async page(f: AdminCustomerFilter, limit: number, offset: number): Promise<AdminCustomerRow[]> {
    const { rows } = await queryRows<AdminCustomerRow>(
      this.db,
      sql`with page as (
            select v.account_id from viper v where ${this.where(f)}
            group by v.account_id order by v.account_id desc limit ${limit} offset ${offset}
          )
          select a.id as account_id, a.name, a.phone, a.head_img_url,
            m.pharmacies, m.joined_at, o.order_count, o.paid_amount, o.first_order_at, o.last_order_at,
            r.prescription_count,
            (${this.countQuery(f)}) as total
          from page p
          join account a on a.id = p.account_id
          cross join lateral (
            select json_agg(json_build_object('id', ph.id, 'name', ph.name) order by v.created_at, v.id) as pharmacies,
              min(v.created_at) as joined_at
            from viper v join pharmacy ph on ph.id = v.pharmacy_id where v.account_id = p.account_id
          ) m
          cross join lateral (
            select count(*)::int as order_count,
              coalesce(sum(o.pay_amount) filter (where ${PAID}), 0)::numeric(14, 2)::text as paid_amount,
              min(o.created_at) as first_order_at, max(o.created_at) as last_order_at
            from orders o where o.account_id = p.account_id and o.deleted_at is null
          ) o
          cross join lateral (
            select count(*)::int as prescription_count from recipe r where r.account_id = p.account_id
          ) r
          order by p.account_id desc`,
    );
    return rows;
  }

  async count(f: AdminCustomerFilter): Promise<number> {
    const { rows } = await queryRows<{ count: number }>(this.db, this.countQuery(f));
    return rows[0]?.count ?? 0;
  }

  // ------------------------------------------------------------------ the card (one account)

  /** The account, only when it is a member of some pharmacy. */
  async member(accountId: number) {
    const { rows } = await queryRows<{
      id: number;
      name: string;
      phone: string;
      head_img_url: string;
      status: string;
      created_at: Date | string;
      last_login_at: Date | string | null;
    }>(
      this.db,
      sql`select a.id, a.name, a.phone, a.head_img_url, a.status, a.created_at, a.last_login_at from account a
        where a.id = ${accountId} and exists (select 1 from viper v where v.account_id = a.id)`,
    );
    return rows[0];
  }

  /** Memberships and CRM cards, one row per pharmacy having either. */
  memberships(accountId: number) {
    return queryRows<{
      pharmacy_id: number;
      pharmacy_name: string;
      level: number | null;
      points: number | null;
      member_tags: string[] | null;
      joined_at: Date | string | null;
      crm_id: number | null;
      owner_name: string | null;
      crm_tags: string[] | null;
      channel_name: string | null;
      source: string | null;
      last_contact_at: Date | string | null;
    }>(
      this.db,
      sql`select ph.id as pharmacy_id, ph.name as pharmacy_name,
            v.level, v.points, v.tags as member_tags, v.created_at as joined_at,
            ci.id as crm_id, ow.name as owner_name, ci.tags as crm_tags, ch.name as channel_name, ci.source,
            ci.last_contact_at
          from (select pharmacy_id from viper where account_id = ${accountId}
                union select pharmacy_id from customer_info where account_id = ${accountId}) p
          join pharmacy ph on ph.id = p.pharmacy_id
          left join viper v on v.pharmacy_id = p.pharmacy_id and v.account_id = ${accountId}
          left join customer_info ci on ci.pharmacy_id = p.pharmacy_id and ci.account_id = ${accountId}
          left join account ow on ow.id = ci.owner_account_id
          left join channel ch on ch.id = ci.channel_id
          order by v.created_at nulls last, ph.id`,
    ).then((r) => r.rows);
  }

  family(accountId: number) {
    return accountFamily(this.db, accountId);
  }

  addresses(accountId: number) {
    return accountAddresses(this.db, accountId);
  }

  /** The order figures of the list, for one account. */
  async orderFigures(accountId: number) {
    const { rows } = await queryRows<{
      order_count: number;
      paid_amount: string;
      first_order_at: Date | string | null;
      last_order_at: Date | string | null;
      prescription_count: number;
      complaint_count: number;
    }>(
      this.db,
      sql`select count(*)::int as order_count,
            coalesce(sum(o.pay_amount) filter (where ${PAID}), 0)::numeric(14, 2)::text as paid_amount,
            min(o.created_at) as first_order_at, max(o.created_at) as last_order_at,
            (select count(*)::int from recipe r where r.account_id = ${accountId}) as prescription_count,
            (select count(*)::int from report x where x.reporter_account_id = ${accountId}) as complaint_count
          from orders o where o.account_id = ${accountId} and o.deleted_at is null`,
    );
    return rows[0]!;
  }

  orders(accountId: number, limit: number) {
    return queryRows<{
      id: number;
      order_no: string;
      pharmacy_id: number;
      pharmacy_name: string;
      status: string;
      pay_amount: string;
      created_at: Date | string;
    }>(
      this.db,
      sql`select o.id, o.order_no, o.pharmacy_id, ph.name as pharmacy_name, o.status, o.pay_amount::text as pay_amount,
            o.created_at
          from orders o join pharmacy ph on ph.id = o.pharmacy_id
          where o.account_id = ${accountId} and o.deleted_at is null
          order by o.id desc limit ${limit}`,
    ).then((r) => r.rows);
  }

  prescriptions(accountId: number, limit: number) {
    return queryRows<{
      id: number;
      recipe_no: string;
      pharmacy_name: string;
      doctor_name: string | null;
      patient_name: string;
      status: string;
      created_at: Date | string;
    }>(
      this.db,
      sql`select r.id, r.recipe_no, ph.name as pharmacy_name, da.name as doctor_name, r.patient_name, r.status,
            r.created_at
          from recipe r join pharmacy ph on ph.id = r.pharmacy_id
          left join doctor d on d.id = r.doctor_id left join account da on da.id = d.account_id
          where r.account_id = ${accountId}
          order by r.id desc limit ${limit}`,
    ).then((r) => r.rows);
  }

  complaints(accountId: number, limit: number) {
    return queryRows<{
      id: number;
      target_kind: string;
      pharmacy_name: string | null;
      category: string;
      content: string;
      status: string;
      created_at: Date | string;
    }>(
      this.db,
      sql`select x.id, x.target_kind, ph.name as pharmacy_name, x.category, x.content, x.status, x.created_at
          from report x left join pharmacy ph on ph.id = x.pharmacy_id
          where x.reporter_account_id = ${accountId}
          order by x.created_at desc, x.id desc limit ${limit}`,
    ).then((r) => r.rows);
  }

  /**
   * The reveal's audit row, written before the phone is answered and not swallowed on failure (plugins/audit.ts
   * logs and goes on; here no record means no reveal).
   */
  async recordReveal(entry: { operatorId: number; accountId: number; ip: string }) {
    await this.db.insert(auditLog).values({
      accountId: entry.operatorId,
      pharmacyId: null,
      action: 'customer.phone_reveal',
      target: `account:${entry.accountId}`,
      detail: { account_id: entry.accountId },
      ip: entry.ip.slice(0, 64),
    });
  }
}
