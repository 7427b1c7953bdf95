import { patientLinks } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { isBlacklisted } from '../../lib/blacklist';
import { queryRows } from '../../lib/sql-rows';

export interface ChannelRow {
  id: number;
  name: string;
  scene: string;
  created_at: Date | string;
  scans: number;
  new_members: number;
  orders: number;
  amount: string;
}

export interface CodeTarget {
  pharmacy_id: number;
  pharmacy_name: string;
  pharmacy_logo: string;
  channel_id: number | null;
  channel_name: string | null;
  member_id: number | null;
  staff_account_id: number | null;
  staff_name: string | null;
}

/** Serialises channel writes of one pharmacy (unique names without a unique index). */
const CHANNEL_LOCK_KEY = 72_016_102;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Channels, their figures over a range, codes' targets and the bind (scan + customer) of a code. */
export class ChannelRepository {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(tx));
  }

  async lock(tx: DbExecutor, pharmacyId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHANNEL_LOCK_KEY}, ${pharmacyId})`);
  }

  /**
   * Every channel of the pharmacy (matching the keyword) with its figures over [from, to): scans and new members
   * from channel_scan; orders and amount = paid, not cancelled orders (paid_at in range) of the customers whose
   * customer_info.channel_id is the channel. Newest channel first.
   */
  async listWithFigures(pharmacyId: number, from: Date, to: Date, keyword?: string): Promise<ChannelRow[]> {
    const f = from.toISOString();
    const t = to.toISOString();
    const byName = keyword ? sql`and c.name ilike ${`%${escapeLike(keyword)}%`}` : sql``;
    const { rows } = await queryRows<ChannelRow>(
      this.db,
      sql`with ch as (
          select c.id, c.name, c.scene, c.created_at from channel c where c.pharmacy_id = ${pharmacyId} ${byName}
        ),
        s as (
          select cs.channel_id, count(*)::int as scans, count(*) filter (where cs.new_member = 1)::int as new_members
          from channel_scan cs
          where cs.pharmacy_id = ${pharmacyId} and cs.channel_id in (select id from ch)
            and cs.created_at >= ${f}::timestamptz and cs.created_at < ${t}::timestamptz
          group by cs.channel_id
        ),
        o as (
          select ci.channel_id, count(*)::int as orders, sum(x.pay_amount) as amount
          from orders x
          join customer_info ci on ci.pharmacy_id = x.pharmacy_id and ci.account_id = x.account_id
          where x.pharmacy_id = ${pharmacyId} and ci.channel_id in (select id from ch)
            and x.paid_at >= ${f}::timestamptz and x.paid_at < ${t}::timestamptz
            and x.deleted_at is null and x.status <> 'cancelled'
          group by ci.channel_id
        )
        select ch.id, ch.name, ch.scene, ch.created_at,
          coalesce(s.scans, 0)::int as scans, coalesce(s.new_members, 0)::int as new_members,
          coalesce(o.orders, 0)::int as orders, to_char(coalesce(o.amount, 0), 'FM9999999999990.00') as amount
        from ch left join s on s.channel_id = ch.id left join o on o.channel_id = ch.id
        order by ch.id desc`,
    );
    return rows;
  }

  async byId(pharmacyId: number, id: number, q: DbExecutor = this.db) {
    const { rows } = await queryRows<{ id: number; name: string; scene: string; created_at: Date | string }>(
      q,
      sql`select id, name, scene, created_at from channel where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? null;
  }

  async bySceneInPharmacy(pharmacyId: number, scene: string) {
    const { rows } = await queryRows<{ id: number; name: string; scene: string }>(
      this.db,
      sql`select id, name, scene from channel where scene = ${scene} and pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? null;
  }

  async nameTaken(q: DbExecutor, pharmacyId: number, name: string, exceptId?: number) {
    const except = exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`;
    const { rows } = await queryRows(
      q,
      sql`select 1 from channel where pharmacy_id = ${pharmacyId} and name = ${name} ${except} limit 1`,
    );
    return rows.length > 0;
  }

  /** Inserts with the scene, or null when the scene is taken (the caller draws another). */
  async insert(q: DbExecutor, pharmacyId: number, name: string, scene: string) {
    const { rows } = await queryRows<{ id: number }>(
      q,
      sql`insert into channel (pharmacy_id, name, scene, qrcode_url)
        values (${pharmacyId}, ${name}, ${scene}, ${patientLinks.channel(scene)})
        on conflict (scene) do nothing returning id`,
    );
    return rows[0]?.id ?? null;
  }

  async rename(q: DbExecutor, pharmacyId: number, id: number, name: string) {
    const { rowCount } = await queryRows(
      q,
      sql`update channel set name = ${name}, updated_at = now() where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rowCount > 0;
  }

  async hasScans(q: DbExecutor, pharmacyId: number, id: number) {
    const { rows } = await queryRows(
      q,
      sql`select 1 from channel_scan where channel_id = ${id} and pharmacy_id = ${pharmacyId} limit 1`,
    );
    return rows.length > 0;
  }

  async delete(q: DbExecutor, pharmacyId: number, id: number) {
    const { rowCount } = await queryRows(q, sql`delete from channel where id = ${id} and pharmacy_id = ${pharmacyId}`);
    return rowCount > 0;
  }

  /** A channel code's target by its scene (an active pharmacy's channel). */
  async channelTarget(scene: string): Promise<CodeTarget | null> {
    const { rows } = await queryRows<CodeTarget>(
      this.db,
      sql`select p.id as pharmacy_id, p.name as pharmacy_name, p.logo_url as pharmacy_logo,
          c.id as channel_id, c.name as channel_name,
          null::int as member_id, null::int as staff_account_id, null::text as staff_name
        from channel c join pharmacy p on p.id = c.pharmacy_id
        where c.scene = ${scene} and p.status = 'active'`,
    );
    return rows[0] ?? null;
  }

  /** A personal code's target: an active manager / customer_service member of an active pharmacy. */
  async staffTarget(memberId: number): Promise<CodeTarget | null> {
    const { rows } = await queryRows<CodeTarget>(
      this.db,
      sql`select p.id as pharmacy_id, p.name as pharmacy_name, p.logo_url as pharmacy_logo,
          null::int as channel_id, null::text as channel_name,
          pm.id as member_id, pm.account_id as staff_account_id, a.name as staff_name
        from pharmacy_member pm
        join account a on a.id = pm.account_id
        join pharmacy p on p.id = pm.pharmacy_id
        where pm.id = ${memberId} and pm.status = 'active' and pm.role in ('manager', 'customer_service')
          and a.status = 'active' and p.status = 'active'`,
    );
    return rows[0] ?? null;
  }

  isBlacklisted(pharmacyId: number, accountId: number) {
    return isBlacklisted(this.db, pharmacyId, accountId);
  }

  async isCustomer(pharmacyId: number, accountId: number) {
    const { rows } = await queryRows(
      this.db,
      sql`select 1 from customer_info where pharmacy_id = ${pharmacyId} and account_id = ${accountId}`,
    );
    return rows.length > 0;
  }

  /**
   * Binds the account to the code's pharmacy in one transaction: viper and customer_info each only when missing
   * (INSERT … ON CONFLICT DO NOTHING, so concurrent binds make one row), then the scan, new_member = 1 when this
   * call made the customer_info row. Returns whether it did.
   */
  async bind(target: CodeTarget, accountId: number, source: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into viper (pharmacy_id, account_id, channel_id)
          values (${target.pharmacy_id}, ${accountId}, ${target.channel_id})
          on conflict (pharmacy_id, account_id) do nothing`,
      );
      const made = await queryRows<{ id: number }>(
        tx,
        sql`insert into customer_info (pharmacy_id, account_id, source, owner_account_id, channel_id)
          values (${target.pharmacy_id}, ${accountId}, ${source}, ${target.staff_account_id}, ${target.channel_id})
          on conflict (pharmacy_id, account_id) do nothing returning id`,
      );
      const joined = made.rows.length > 0;
      await tx.execute(
        sql`insert into channel_scan (pharmacy_id, channel_id, member_id, account_id, new_member)
          values (${target.pharmacy_id}, ${target.channel_id}, ${target.member_id}, ${accountId}, ${joined ? 1 : 0})`,
      );
      return joined;
    });
  }
}
