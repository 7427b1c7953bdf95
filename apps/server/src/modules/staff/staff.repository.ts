import { randomBytes } from 'node:crypto';
import type { PharmacyRole, StaffStatus } from '@pharmacy/shared';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { account, adminProfile, doctor, pharmacy, pharmacyMember, team } from '../../db/schema/index';
import { escapeLike } from '../../lib/search';

export interface StaffRow {
  id: number;
  accountId: number;
  name: string;
  phone: string;
  role: PharmacyRole;
  permissions: string[];
  status: StaffStatus;
  isOwner: boolean;
  teamId: number | null;
  teamName: string | null;
  createdAt: Date;
}

export interface StaffFilter {
  role?: PharmacyRole;
  status?: StaffStatus;
  keyword?: string;
}

export type AddOutcome = { memberId: number } | 'already_member' | 'account_disabled';

/** What a guarded update expects the member to still be (a concurrent change makes it miss: 409). */
export interface Expected {
  role: PharmacyRole;
}

/** Owner first, then by rank (shop > pharmacy_admin > manager > customer_service, pharmacist), then oldest first. */
const rankOrder = sql`case ${pharmacyMember.role} when 'shop' then 0 when 'pharmacy_admin' then 1 when 'manager' then 2
  when 'customer_service' then 3 else 4 end`;

/** The only place that knows how a pharmacy's staff is stored. Every query is scoped to one pharmacy. */
export class StaffRepository {
  constructor(private readonly db: Database) {}

  private readonly columns = {
    id: pharmacyMember.id,
    accountId: pharmacyMember.accountId,
    name: account.name,
    phone: account.phone,
    role: pharmacyMember.role,
    permissions: pharmacyMember.permissions,
    status: pharmacyMember.status,
    isOwner: sql<boolean>`coalesce(${pharmacy.ownerAccountId} = ${pharmacyMember.accountId}, false)`,
    teamId: pharmacyMember.teamId,
    teamName: team.name,
    createdAt: pharmacyMember.createdAt,
  };

  /** The pharmacy's members, with their account, the owner flag and the team (of the same pharmacy only). */
  private select(q: DbExecutor = this.db) {
    return q
      .select(this.columns)
      .from(pharmacyMember)
      .innerJoin(account, eq(account.id, pharmacyMember.accountId))
      .innerJoin(pharmacy, eq(pharmacy.id, pharmacyMember.pharmacyId))
      .leftJoin(team, and(eq(team.id, pharmacyMember.teamId), eq(team.pharmacyId, pharmacyMember.pharmacyId)));
  }

  private visible(pharmacyId: number, filter: StaffFilter = {}): SQL {
    const conditions: SQL[] = [eq(pharmacyMember.pharmacyId, pharmacyId)];
    if (filter.role) conditions.push(eq(pharmacyMember.role, filter.role));
    if (filter.status) conditions.push(eq(pharmacyMember.status, filter.status));
    if (filter.keyword) {
      const like = `%${escapeLike(filter.keyword)}%`;
      conditions.push(or(ilike(account.name, like), ilike(account.phone, like))!);
    }
    return and(...conditions)!;
  }

  async page(pharmacyId: number, filter: StaffFilter, limit: number, offset: number) {
    const where = this.visible(pharmacyId, filter);
    const [rows, [total]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(
          sql`${pharmacy.ownerAccountId} = ${pharmacyMember.accountId} desc nulls last`,
          rankOrder,
          asc(pharmacyMember.id),
        )
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: count() })
        .from(pharmacyMember)
        .innerJoin(account, eq(account.id, pharmacyMember.accountId))
        .where(where),
    ]);
    return { rows: rows as StaffRow[], total: total?.n ?? 0 };
  }

  /** One member of this pharmacy; another pharmacy's member is simply not found. */
  async find(pharmacyId: number, id: number, q: DbExecutor = this.db): Promise<StaffRow | undefined> {
    const [row] = await this.select(q)
      .where(and(eq(pharmacyMember.pharmacyId, pharmacyId), eq(pharmacyMember.id, id)))
      .limit(1);
    return row as StaffRow | undefined;
  }

  /**
   * Adds the phone's account to the pharmacy, creating the account (no password: it signs in by SMS code) when the
   * phone is unknown. One transaction: a refusal leaves no account behind.
   */
  async add(
    pharmacyId: number,
    input: { phone: string; name: string; role: PharmacyRole; permissions: string[] },
  ): Promise<AddOutcome> {
    return this.db.transaction(async (tx) => {
      await tx
        .insert(account)
        .values({ phone: input.phone, phoneUserId: `pu_${randomBytes(12).toString('hex')}`, name: input.name })
        .onConflictDoNothing({ target: account.phone });
      const [acc] = await tx
        .select({ id: account.id, status: account.status })
        .from(account)
        .where(eq(account.phone, input.phone))
        .limit(1);
      if (!acc) throw new Error('account vanished while adding a member');
      const [existing] = await tx
        .select({ id: pharmacyMember.id })
        .from(pharmacyMember)
        .where(and(eq(pharmacyMember.pharmacyId, pharmacyId), eq(pharmacyMember.accountId, acc.id)))
        .limit(1);
      if (existing) return 'already_member';
      if (acc.status !== 'active') return 'account_disabled';
      const [member] = await tx
        .insert(pharmacyMember)
        .values({ pharmacyId, accountId: acc.id, role: input.role, permissions: input.permissions })
        .onConflictDoNothing({ target: [pharmacyMember.pharmacyId, pharmacyMember.accountId] })
        .returning({ id: pharmacyMember.id });
      return member ? { memberId: member.id } : 'already_member';
    });
  }

  /** Changes role, keys or status when the member is still what the caller checked; false when it is not. */
  async update(
    pharmacyId: number,
    id: number,
    expected: Expected,
    patch: Partial<{ role: PharmacyRole; permissions: string[]; status: StaffStatus }>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(pharmacyMember)
      .set(patch)
      .where(
        and(
          eq(pharmacyMember.pharmacyId, pharmacyId),
          eq(pharmacyMember.id, id),
          eq(pharmacyMember.role, expected.role),
        ),
      )
      .returning({ id: pharmacyMember.id });
    return rows.length > 0;
  }

  async remove(pharmacyId: number, id: number, expected: Expected): Promise<boolean> {
    const rows = await this.db
      .delete(pharmacyMember)
      .where(
        and(
          eq(pharmacyMember.pharmacyId, pharmacyId),
          eq(pharmacyMember.id, id),
          eq(pharmacyMember.role, expected.role),
        ),
      )
      .returning({ id: pharmacyMember.id });
    return rows.length > 0;
  }

  /** Whether the account is also someone else's to name: staff of another pharmacy, a doctor or an operator. */
  async belongsElsewhere(accountId: number, pharmacyId: number): Promise<boolean> {
    const result = (await this.db.execute(sql`select
      exists(select 1 from ${pharmacyMember} where ${pharmacyMember.accountId} = ${accountId}
        and ${pharmacyMember.pharmacyId} <> ${pharmacyId})
      or exists(select 1 from ${doctor} where ${doctor.accountId} = ${accountId})
      or exists(select 1 from ${adminProfile} where ${adminProfile.accountId} = ${accountId}) as elsewhere`)) as unknown as {
      rows: { elsewhere: boolean }[];
    };
    const [row] = result.rows;
    return row?.elsewhere === true;
  }

  async rename(accountId: number, name: string): Promise<void> {
    await this.db
      .update(account)
      .set({ name })
      .where(and(eq(account.id, accountId), ne(account.name, name)));
  }
}
