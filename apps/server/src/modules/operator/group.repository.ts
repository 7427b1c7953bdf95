import type { CrossQuoteQuery } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { containsPattern, productSearchCondition } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/**
 * Pharmacy groups (pharmacy_group; a pharmacy's group_id) and pharmacy cross (pharmacy.cross_group), for the operator,
 * and the quotes a group's sharing pharmacies offer, for a pharmacy's staff. Figures are computed here in SQL over
 * the real tables: orders created since `since` (not deleted), their GMV (pay_amount of those paid and not
 * cancelled), members (viper rows; distinct accounts over a group).
 */

/** Serialises the name check and the write of groups (a name is unique; there is no unique index to lean on). */
const GROUP_NAME_LOCK_KEY = 72_017_003;

/** Order states that mean paid and not cancelled (the GMV's). */
const PAID_STATES = sql`('pending_review', 'pending_shipment', 'shipped', 'completed')`;

export interface GroupRow {
  id: number;
  name: string;
  remark: string;
  pharmacy_count: number;
  cross_count: number;
  order_count: number;
  gmv: string;
  member_count: number;
  created_at: Date | string;
}

export interface GroupPharmacyRow {
  id: number;
  name: string;
  province: string;
  city: string;
  district: string;
  status: 'pending' | 'active' | 'rejected' | 'suspended';
  cross_group: boolean;
  quote_count: number;
  order_count: number;
  gmv: string;
  member_count: number;
}

export interface PharmacyOptionRow {
  id: number;
  name: string;
  city: string;
  status: 'pending' | 'active' | 'rejected' | 'suspended';
  group_id: number | null;
  group_name: string | null;
}

export interface MemberCandidateRow {
  id: number;
  name: string;
  group_id: number | null;
  group_name: string | null;
}

export interface CrossQuoteRow {
  id: number;
  product_id: number;
  name: string;
  generic_name: string;
  spec: string;
  manufacturer: string;
  approval_no: string;
  type: 'RX' | 'OTC' | 'HERBAL' | 'NON_DRUG';
  image: string | null;
  pharmacy_id: number;
  pharmacy_name: string;
  price: string;
  original_price: string | null;
  stock: number;
  updated_at: Date | string;
}

const groupColumns = sql`g.id, g.name, g.remark, g.created_at,
  (select count(*)::int from pharmacy p where p.group_id = g.id) as pharmacy_count,
  (select count(*)::int from pharmacy p where p.group_id = g.id and p.cross_group) as cross_count,
  o.order_count, o.gmv,
  (select count(distinct v.account_id)::int from viper v join pharmacy p on p.id = v.pharmacy_id
    where p.group_id = g.id) as member_count`;

/** The group's orders of the window: one pass over its pharmacies' orders. */
const groupOrders = (since: Date) => sql`left join lateral (
  select count(*)::int as order_count,
    round(coalesce(sum(o.pay_amount) filter (where o.status in ${PAID_STATES}), 0), 2)::text as gmv
  from orders o join pharmacy p on p.id = o.pharmacy_id
  where p.group_id = g.id and o.deleted_at is null and o.created_at >= ${since.toISOString()}
) o on true`;

export class GroupRepository {
  constructor(private readonly db: DbExecutor) {}

  transaction<T>(work: (repo: GroupRepository) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx: Transaction) => work(new GroupRepository(tx)));
  }

  async page(keyword: string | undefined, limit: number, offset: number, since: Date) {
    const where: SQL = keyword ? sql`g.name ilike ${containsPattern(keyword)}` : sql`true`;
    const [{ rows }, { rows: total }] = await Promise.all([
      queryRows<GroupRow>(
        this.db,
        sql`select ${groupColumns} from pharmacy_group g ${groupOrders(since)}
          where ${where} order by g.id limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from pharmacy_group g where ${where}`),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  }

  async find(id: number, since: Date): Promise<GroupRow | undefined> {
    const { rows } = await queryRows<GroupRow>(
      this.db,
      sql`select ${groupColumns} from pharmacy_group g ${groupOrders(since)} where g.id = ${id}`,
    );
    return rows[0];
  }

  async pharmacies(groupId: number, since: Date): Promise<GroupPharmacyRow[]> {
    const { rows } = await queryRows<GroupPharmacyRow>(
      this.db,
      sql`select p.id, p.name, p.province, p.city, p.district, p.status, p.cross_group,
          (select count(*)::int from quote q where q.pharmacy_id = p.id and q.status = 'on_shelf') as quote_count,
          o.order_count, o.gmv,
          (select count(*)::int from viper v where v.pharmacy_id = p.id) as member_count
        from pharmacy p
        left join lateral (
          select count(*)::int as order_count,
            round(coalesce(sum(o.pay_amount) filter (where o.status in ${PAID_STATES}), 0), 2)::text as gmv
          from orders o
          where o.pharmacy_id = p.id and o.deleted_at is null and o.created_at >= ${since.toISOString()}
        ) o on true
        where p.group_id = ${groupId}
        order by p.id`,
    );
    return rows;
  }

  async exists(id: number): Promise<boolean> {
    const { rows } = await queryRows(this.db, sql`select 1 from pharmacy_group where id = ${id}`);
    return rows.length > 0;
  }

  async pharmacyExists(id: number): Promise<boolean> {
    const { rows } = await queryRows(this.db, sql`select 1 from pharmacy where id = ${id}`);
    return rows.length > 0;
  }

  /** Inside a transaction: waits for any other group write, then tells whether another group has this name. */
  async lockAndCheckName(name: string, exceptId: number | null): Promise<boolean> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${GROUP_NAME_LOCK_KEY})`);
    const { rows } = await queryRows(
      this.db,
      sql`select 1 from pharmacy_group where name = ${name} ${exceptId === null ? sql`` : sql`and id <> ${exceptId}`}`,
    );
    return rows.length > 0;
  }

  async insert(name: string, remark: string): Promise<number> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`insert into pharmacy_group (name, remark) values (${name}, ${remark}) returning id`,
    );
    return rows[0].id;
  }

  async update(id: number, name: string, remark: string): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`update pharmacy_group set name = ${name}, remark = ${remark}, updated_at = now() where id = ${id}`,
    );
    return rowCount > 0;
  }

  /** Locks the group row (member changes and the delete queue behind each other); false when it does not exist. */
  async lockGroup(id: number): Promise<boolean> {
    const { rows } = await queryRows(this.db, sql`select id from pharmacy_group where id = ${id} for update`);
    return rows.length > 0;
  }

  /** Deletes the group only while no pharmacy belongs to it; false when it still has members. */
  async deleteIfEmpty(id: number): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`delete from pharmacy_group g where g.id = ${id}
        and not exists (select 1 from pharmacy p where p.group_id = g.id)`,
    );
    return rowCount > 0;
  }

  /** The named pharmacies, locked, with the group each is in. */
  async candidates(ids: number[]): Promise<MemberCandidateRow[]> {
    const { rows } = await queryRows<MemberCandidateRow>(
      this.db,
      sql`select p.id, p.name, p.group_id, g.name as group_name
        from pharmacy p left join pharmacy_group g on g.id = p.group_id
        where p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by p.id
        for update of p`,
    );
    return rows;
  }

  /** Puts the pharmacies in the group where they are in none (or already in it); how many rows it touched. */
  async join(groupId: number, ids: number[]): Promise<number> {
    const { rowCount } = await queryRows(
      this.db,
      sql`update pharmacy set group_id = ${groupId}, updated_at = now()
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and (group_id is null or group_id = ${groupId})`,
    );
    return rowCount;
  }

  /** Takes the pharmacy out of the group and stops its sharing; false when it is not a member. */
  async leave(groupId: number, pharmacyId: number): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`update pharmacy set group_id = null, cross_group = false, updated_at = now()
        where id = ${pharmacyId} and group_id = ${groupId}`,
    );
    return rowCount > 0;
  }

  /** Turns sharing on or off for a member of the group; false when it is not a member. */
  async setCross(groupId: number, pharmacyId: number, on: boolean): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`update pharmacy set cross_group = ${on}, updated_at = now()
        where id = ${pharmacyId} and group_id = ${groupId}`,
    );
    return rowCount > 0;
  }

  async pharmacyOptions(keyword: string | undefined): Promise<PharmacyOptionRow[]> {
    const where: SQL = keyword ? sql`p.name ilike ${containsPattern(keyword)}` : sql`true`;
    const { rows } = await queryRows<PharmacyOptionRow>(
      this.db,
      sql`select p.id, p.name, p.city, p.status, p.group_id, g.name as group_name
        from pharmacy p left join pharmacy_group g on g.id = p.group_id
        where ${where}
        order by (p.group_id is not null), p.id
        limit 50`,
    );
    return rows;
  }

  // ------------------------------------------------------------------ the pharmacy side

  async groupOf(pharmacyId: number): Promise<{ id: number; name: string } | undefined> {
    const { rows } = await queryRows<{ id: number; name: string }>(
      this.db,
      sql`select g.id, g.name from pharmacy p join pharmacy_group g on g.id = p.group_id where p.id = ${pharmacyId}`,
    );
    return rows[0];
  }

  /** The other pharmacies of the group that share: cross_group on and active. */
  async sharingPharmacies(groupId: number, exceptPharmacyId: number): Promise<{ id: number; name: string }[]> {
    const { rows } = await queryRows<{ id: number; name: string }>(
      this.db,
      sql`select p.id, p.name from pharmacy p
        where p.group_id = ${groupId} and p.id <> ${exceptPharmacyId} and p.cross_group and p.status = 'active'
        order by p.id`,
    );
    return rows;
  }

  async crossQuotes(pharmacyIds: number[], query: CrossQuoteQuery, limit: number, offset: number) {
    if (pharmacyIds.length === 0) return { rows: [] as CrossQuoteRow[], total: 0 };
    const ids = query.pharmacy_id === undefined ? pharmacyIds : pharmacyIds.filter((id) => id === query.pharmacy_id);
    if (ids.length === 0) return { rows: [] as CrossQuoteRow[], total: 0 };
    const where = sql`q.pharmacy_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and q.status = 'on_shelf' and product.status = 'active'
      ${query.keyword ? sql`and ${productSearchCondition(query.keyword)}` : sql``}`;
    const from = sql`quote q join product on product.id = q.product_id join pharmacy ph on ph.id = q.pharmacy_id`;
    const [{ rows }, { rows: total }] = await Promise.all([
      queryRows<CrossQuoteRow>(
        this.db,
        sql`select q.id, q.product_id, product.name, product.generic_name, product.spec, product.manufacturer,
            product.approval_no, product.type, product.images[1] as image, q.pharmacy_id, ph.name as pharmacy_name,
            q.price::text as price, q.original_price::text as original_price, q.stock, q.updated_at
          from ${from} where ${where}
          order by product.name, q.price, q.id limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from ${from} where ${where}`),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  }
}
