import { randomBytes } from 'node:crypto';
import type { ManagerListQuery, OperatorListQuery, OperatorStatus } from '@pharmacy/shared';
import { and, count, desc, eq, ilike, like, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { account, adminProfile, auditLog, pharmacy, pharmacyMember } from '../../db/schema/index';

/** Every change of an operator account runs under this lock: the last-`all` rule reads the other operators' rows. */
const OPERATOR_CHANGE_LOCK = 72_011_080;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface OperatorRow {
  id: number;
  accountId: number;
  name: string;
  phone: string;
  permissions: string[];
  status: OperatorStatus;
  accountStatus: 'active' | 'disabled';
  lastLoginAt: Date | null;
  createdAt: Date;
}

export interface ManagerRow {
  id: number;
  pharmacyId: number;
  pharmacyName: string;
  accountId: number;
  name: string;
  phone: string;
  role: string;
  permissions: string[];
  status: 'active' | 'disabled';
}

const operatorColumns = {
  id: adminProfile.id,
  accountId: adminProfile.accountId,
  name: account.name,
  phone: account.phone,
  permissions: adminProfile.adminPermissions,
  status: adminProfile.status,
  accountStatus: account.status,
  lastLoginAt: account.lastLoginAt,
  createdAt: adminProfile.createdAt,
};

const managerColumns = {
  id: pharmacyMember.id,
  pharmacyId: pharmacyMember.pharmacyId,
  pharmacyName: pharmacy.name,
  accountId: pharmacyMember.accountId,
  name: account.name,
  phone: account.phone,
  role: pharmacyMember.role,
  permissions: pharmacyMember.permissions,
  status: pharmacyMember.status,
};

/** A keyword: a name part, or phone digits (a part of the number). */
function personKeyword(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = `%${escapeLike(keyword)}%`;
  return /^\d+$/.test(keyword) ? like(account.phone, pattern) : ilike(account.name, pattern);
}

export class PermissionRepository {
  constructor(readonly db: Database) {}

  /** One operator-account change: the lock, then the caller's reads and guarded writes, then its audit row. */
  transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OPERATOR_CHANGE_LOCK})`);
      return work(tx);
    });
  }

  async list(query: OperatorListQuery): Promise<{ rows: OperatorRow[]; total: number }> {
    const where = and(personKeyword(query.keyword), query.status ? eq(adminProfile.status, query.status) : undefined);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(operatorColumns)
        .from(adminProfile)
        .innerJoin(account, eq(account.id, adminProfile.accountId))
        .where(where)
        .orderBy(desc(adminProfile.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db
        .select({ n: count() })
        .from(adminProfile)
        .innerJoin(account, eq(account.id, adminProfile.accountId))
        .where(where),
    ]);
    return { rows: rows as OperatorRow[], total: total?.n ?? 0 };
  }

  async find(q: DbExecutor, id: number): Promise<OperatorRow | undefined> {
    const [row] = await q
      .select(operatorColumns)
      .from(adminProfile)
      .innerJoin(account, eq(account.id, adminProfile.accountId))
      .where(eq(adminProfile.id, id))
      .limit(1);
    return row as OperatorRow | undefined;
  }

  /** The keys an account holds as an active operator now (null: not one). */
  async activeKeysOf(q: DbExecutor, accountId: number): Promise<string[] | null> {
    const [row] = await q
      .select({ permissions: adminProfile.adminPermissions })
      .from(adminProfile)
      .innerJoin(account, eq(account.id, adminProfile.accountId))
      .where(
        and(eq(adminProfile.accountId, accountId), eq(adminProfile.status, 'active'), eq(account.status, 'active')),
      )
      .limit(1);
    return row?.permissions ?? null;
  }

  /** Whether an active operator other than this one holds `all` (an active account too: it can sign in). */
  async otherActiveAllExists(q: DbExecutor, exceptId: number): Promise<boolean> {
    const [row] = await q
      .select({ id: adminProfile.id })
      .from(adminProfile)
      .innerJoin(account, eq(account.id, adminProfile.accountId))
      .where(
        and(
          ne(adminProfile.id, exceptId),
          eq(adminProfile.status, 'active'),
          eq(account.status, 'active'),
          sql`'all' = any(${adminProfile.adminPermissions})`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async accountByPhone(
    q: DbExecutor,
    phone: string,
  ): Promise<{ id: number; status: 'active' | 'disabled'; operatorId: number | null } | undefined> {
    const [row] = await q
      .select({ id: account.id, status: account.status, operatorId: adminProfile.id })
      .from(account)
      .leftJoin(adminProfile, eq(adminProfile.accountId, account.id))
      .where(eq(account.phone, phone))
      .limit(1);
    return row;
  }

  /** A new account for the phone; undefined when one appeared meanwhile (a member added by a pharmacy). */
  async insertAccount(
    q: DbExecutor,
    input: { phone: string; name: string; passwordHash: string },
  ): Promise<number | undefined> {
    const [row] = await q
      .insert(account)
      .values({
        phone: input.phone,
        phoneUserId: `pu_${randomBytes(12).toString('hex')}`,
        name: input.name,
        passwordHash: input.passwordHash,
      })
      .onConflictDoNothing({ target: account.phone })
      .returning({ id: account.id });
    return row?.id;
  }

  async insertOperator(q: DbExecutor, accountId: number, permissions: string[]): Promise<number> {
    const [row] = await q
      .insert(adminProfile)
      .values({ accountId, adminPermissions: permissions })
      .returning({ id: adminProfile.id });
    return row.id;
  }

  async update(q: DbExecutor, id: number, patch: { adminPermissions?: string[]; status?: OperatorStatus }) {
    const rows = await q
      .update(adminProfile)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(adminProfile.id, id))
      .returning({ id: adminProfile.id });
    return rows.length > 0;
  }

  // ---------------------------------------------------------------- pharmacy managers

  async managers(query: ManagerListQuery): Promise<{ rows: ManagerRow[]; total: number }> {
    const where = and(
      eq(pharmacyMember.role, 'manager'),
      query.pharmacy ? ilike(pharmacy.name, `%${escapeLike(query.pharmacy)}%`) : undefined,
      personKeyword(query.keyword),
    );
    const base = () =>
      this.db
        .select(managerColumns)
        .from(pharmacyMember)
        .innerJoin(account, eq(account.id, pharmacyMember.accountId))
        .innerJoin(pharmacy, eq(pharmacy.id, pharmacyMember.pharmacyId));
    const [rows, [total]] = await Promise.all([
      base()
        .where(where)
        .orderBy(pharmacyMember.pharmacyId, pharmacyMember.id)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db
        .select({ n: count() })
        .from(pharmacyMember)
        .innerJoin(account, eq(account.id, pharmacyMember.accountId))
        .innerJoin(pharmacy, eq(pharmacy.id, pharmacyMember.pharmacyId))
        .where(where),
    ]);
    return { rows: rows as ManagerRow[], total: total?.n ?? 0 };
  }

  async member(q: DbExecutor, pharmacyId: number, memberId: number): Promise<ManagerRow | undefined> {
    const [row] = await q
      .select(managerColumns)
      .from(pharmacyMember)
      .innerJoin(account, eq(account.id, pharmacyMember.accountId))
      .innerJoin(pharmacy, eq(pharmacy.id, pharmacyMember.pharmacyId))
      .where(and(eq(pharmacyMember.pharmacyId, pharmacyId), eq(pharmacyMember.id, memberId)))
      .limit(1);
    return row as ManagerRow | undefined;
  }

  /** Guarded: only while the member is still that pharmacy's manager. */
  async setManagerKeys(q: DbExecutor, pharmacyId: number, memberId: number, permissions: string[]) {
    const rows = await q
      .update(pharmacyMember)
      .set({ permissions, updatedAt: new Date() })
      .where(
        and(
          eq(pharmacyMember.pharmacyId, pharmacyId),
          eq(pharmacyMember.id, memberId),
          eq(pharmacyMember.role, 'manager'),
        ),
      )
      .returning({ id: pharmacyMember.id });
    return rows.length > 0;
  }

  /** The audit row, in the change's own transaction (plugins/audit.ts writes the same columns outside one). */
  async audit(
    q: DbExecutor,
    entry: {
      accountId: number;
      pharmacyId: number | null;
      action: string;
      target: string;
      detail: unknown;
      ip: string;
    },
  ) {
    await q.insert(auditLog).values({ ...entry, ip: entry.ip.slice(0, 64) });
  }
}
