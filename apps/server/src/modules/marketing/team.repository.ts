import type { TeamMemberRole } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

export interface TeamRow {
  id: number;
  name: string;
  leader_account_id: number | null;
  leader_name: string | null;
  created_at: Date | string;
}

export interface MemberRow {
  member_id: number;
  account_id: number;
  name: string;
  role: TeamMemberRole;
  phone: string;
  team_id: number | null;
  has_service_row: boolean;
  customers: number;
  new_customers_month: number;
}

/** Serialises team writes of one pharmacy (unique names without a unique index). */
const TEAM_LOCK_KEY = 72_016_101;

/** The roles a team member holds (active members only). */
const memberRoles = sql`('manager', 'customer_service')`;

/** Teams, their members (pharmacy_member.team_id, else customer_service.team_id) and the members' customer counts. */
export class TeamRepository {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(tx));
  }

  async lock(tx: DbExecutor, pharmacyId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_LOCK_KEY}, ${pharmacyId})`);
  }

  async teams(pharmacyId: number, teamId?: number, q: DbExecutor = this.db): Promise<TeamRow[]> {
    const one = teamId === undefined ? sql`` : sql`and t.id = ${teamId}`;
    const { rows } = await queryRows<TeamRow>(
      q,
      sql`select t.id, t.name, t.leader_account_id, a.name as leader_name, t.created_at
        from team t left join account a on a.id = t.leader_account_id
        where t.pharmacy_id = ${pharmacyId} ${one}
        order by t.id`,
    );
    return rows;
  }

  /**
   * The pharmacy's active manager / customer_service members with their team and customers: owned customer_info
   * rows, and those created since `monthStart`.
   */
  async members(
    pharmacyId: number,
    monthStart: Date,
    filter: { memberId?: number; accountId?: number } = {},
    q: DbExecutor = this.db,
  ): Promise<MemberRow[]> {
    const byMember = filter.memberId === undefined ? sql`` : sql`and pm.id = ${filter.memberId}`;
    const byAccount = filter.accountId === undefined ? sql`` : sql`and pm.account_id = ${filter.accountId}`;
    const { rows } = await queryRows<MemberRow>(
      q,
      sql`select pm.id as member_id, pm.account_id, a.name, pm.role, a.phone,
          coalesce(t1.id, t2.id) as team_id, cs.id is not null as has_service_row,
          coalesce(c.n, 0)::int as customers, coalesce(c.m, 0)::int as new_customers_month
        from pharmacy_member pm
        join account a on a.id = pm.account_id
        left join team t1 on t1.id = pm.team_id and t1.pharmacy_id = ${pharmacyId}
        left join customer_service cs on cs.member_id = pm.id and cs.pharmacy_id = ${pharmacyId}
        left join team t2 on t2.id = cs.team_id and t2.pharmacy_id = ${pharmacyId}
        left join lateral (
          select count(*) as n, count(*) filter (where ci.created_at >= ${monthStart.toISOString()}::timestamptz) as m
          from customer_info ci
          where ci.pharmacy_id = ${pharmacyId} and ci.owner_account_id = pm.account_id
        ) c on true
        where pm.pharmacy_id = ${pharmacyId} and pm.status = 'active' and pm.role in ${memberRoles}
          and a.status = 'active' ${byMember} ${byAccount}
        order by pm.role, pm.id`,
    );
    return rows;
  }

  async nameTaken(q: DbExecutor, pharmacyId: number, name: string, exceptId?: number) {
    const except = exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`;
    const { rows } = await queryRows(
      q,
      sql`select 1 from team where pharmacy_id = ${pharmacyId} and name = ${name} ${except} limit 1`,
    );
    return rows.length > 0;
  }

  /** Whether the account is an active manager / customer_service member of the pharmacy (a leader may be one). */
  async isStaffAccount(q: DbExecutor, pharmacyId: number, accountId: number) {
    const { rows } = await queryRows(
      q,
      sql`select 1 from pharmacy_member pm join account a on a.id = pm.account_id
        where pm.pharmacy_id = ${pharmacyId} and pm.account_id = ${accountId} and pm.status = 'active'
          and pm.role in ${memberRoles} and a.status = 'active'`,
    );
    return rows.length > 0;
  }

  async insert(q: DbExecutor, pharmacyId: number, name: string, leader: number | null) {
    const { rows } = await queryRows<{ id: number }>(
      q,
      sql`insert into team (pharmacy_id, name, leader_account_id) values (${pharmacyId}, ${name}, ${leader})
        returning id`,
    );
    return rows[0].id;
  }

  async update(q: DbExecutor, pharmacyId: number, id: number, name: string, leader: number | null | undefined) {
    const setLeader = leader === undefined ? sql`` : sql`, leader_account_id = ${leader}`;
    const { rowCount } = await queryRows(
      q,
      sql`update team set name = ${name}, updated_at = now() ${setLeader}
        where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rowCount > 0;
  }

  /** The active manager / customer_service members in the team (the ones the page shows). */
  async activeMemberCount(q: DbExecutor, pharmacyId: number, teamId: number) {
    const { rows } = await queryRows<{ n: number }>(
      q,
      sql`select count(*)::int as n
        from pharmacy_member pm
        join account a on a.id = pm.account_id
        left join customer_service cs on cs.member_id = pm.id and cs.pharmacy_id = ${pharmacyId}
        where pm.pharmacy_id = ${pharmacyId} and pm.status = 'active' and pm.role in ${memberRoles}
          and a.status = 'active' and coalesce(pm.team_id, cs.team_id) = ${teamId}`,
    );
    return rows[0].n;
  }

  /** Deletes the team (its disabled members' team_id are cleared by the foreign key). */
  async delete(q: DbExecutor, pharmacyId: number, id: number) {
    const { rowCount } = await queryRows(q, sql`delete from team where id = ${id} and pharmacy_id = ${pharmacyId}`);
    return rowCount > 0;
  }

  /** Sets a member's team on both rows that carry it (pharmacy_member, and customer_service when it exists). */
  async setMemberTeam(q: DbExecutor, pharmacyId: number, memberId: number, teamId: number | null) {
    await q.execute(
      sql`update pharmacy_member set team_id = ${teamId}, updated_at = now()
        where id = ${memberId} and pharmacy_id = ${pharmacyId}`,
    );
    await q.execute(
      sql`update customer_service set team_id = ${teamId}, updated_at = now()
        where member_id = ${memberId} and pharmacy_id = ${pharmacyId}`,
    );
  }
}
