import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { address, allergyHistory, familyMedicalHistory, familyMember, pastMedicalHistory } from '../../db/schema/index';

export type FamilyMemberRow = typeof familyMember.$inferSelect;
export type FamilyMemberValues = Omit<typeof familyMember.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AddressRow = typeof address.$inferSelect;
export type AddressValues = Omit<typeof address.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The two tables with one default row per account. */
export type OwnedTable = 'family_member' | 'address';

/** Two-key advisory locks (this number, the account id) that serialise one account's writes to a table. */
const LOCK_KEYS: Record<OwnedTable, number> = { family_member: 72_012_001, address: 72_012_002 };

export interface HistoryVocabulary {
  allergy_history: Set<string>;
  family_medical_history: Set<string>;
  past_medical_history: Set<string>;
}

/**
 * The only place that knows how a patient's family members and addresses are stored. Every query names the account:
 * another account's row is exactly like a missing one.
 */
export class PatientRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Serialises one account's writes to one table until the transaction ends (on every server instance): the count
   * before a limit, the one default and the promotion after a delete cannot interleave.
   */
  async lock(tx: DbExecutor, table: OwnedTable, accountId: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS[table]}::int, ${accountId}::int)`);
  }

  /**
   * Makes `id` the account's only default in one statement, writing only the rows whose flag changes. The caller has
   * checked, under the lock, that the row is the account's.
   */
  async setDefault(tx: DbExecutor, table: OwnedTable, accountId: number, id: number) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set is_default = (id = ${id}), updated_at = now()
          where account_id = ${accountId} and (is_default or id = ${id}) and is_default <> (id = ${id})`,
    );
  }

  /** After the default was deleted: the oldest remaining row (if any) becomes the default. */
  async promoteOldest(tx: DbExecutor, table: OwnedTable, accountId: number) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set is_default = true, updated_at = now()
          where id = (select id from ${sql.identifier(table)} where account_id = ${accountId}
                      order by created_at, id limit 1)`,
    );
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Family members

  familyMembers(accountId: number, db: DbExecutor = this.db): Promise<FamilyMemberRow[]> {
    return db
      .select()
      .from(familyMember)
      .where(eq(familyMember.accountId, accountId))
      .orderBy(desc(familyMember.isDefault), asc(familyMember.createdAt), asc(familyMember.id));
  }

  async familyMember(accountId: number, id: number, db: DbExecutor = this.db): Promise<FamilyMemberRow | undefined> {
    const [row] = await db
      .select()
      .from(familyMember)
      .where(and(eq(familyMember.accountId, accountId), eq(familyMember.id, id)));
    return row;
  }

  async insertFamilyMember(tx: DbExecutor, values: FamilyMemberValues): Promise<FamilyMemberRow> {
    const [row] = await tx.insert(familyMember).values(values).returning();
    return row;
  }

  async updateFamilyMember(
    tx: DbExecutor,
    accountId: number,
    id: number,
    values: Partial<FamilyMemberValues>,
  ): Promise<FamilyMemberRow | undefined> {
    const [row] = await tx
      .update(familyMember)
      .set(values)
      .where(and(eq(familyMember.accountId, accountId), eq(familyMember.id, id)))
      .returning();
    return row;
  }

  async deleteFamilyMember(tx: DbExecutor, accountId: number, id: number) {
    const [row] = await tx
      .delete(familyMember)
      .where(and(eq(familyMember.accountId, accountId), eq(familyMember.id, id)))
      .returning({ isDefault: familyMember.isDefault });
    return row;
  }

  /** Another of the account's members with this ID number (`exceptId` excluded). */
  async familyMemberWithIdNumber(tx: DbExecutor, accountId: number, idNumber: string, exceptId?: number) {
    const [row] = await tx
      .select({ id: familyMember.id })
      .from(familyMember)
      .where(
        and(
          eq(familyMember.accountId, accountId),
          eq(familyMember.idNumber, idNumber),
          exceptId === undefined ? undefined : ne(familyMember.id, exceptId),
        ),
      )
      .limit(1);
    return row;
  }

  /** The published items of the three content collections the history lists are picked from. */
  async historyVocabulary(db: DbExecutor = this.db): Promise<HistoryVocabulary> {
    const published = (table: typeof allergyHistory) =>
      db.select({ name: table.name }).from(table).where(eq(table.status, 'published'));
    // one after the other: inside a transaction they share one connection
    const allergy = await published(allergyHistory);
    const family = await published(familyMedicalHistory);
    const past = await published(pastMedicalHistory);
    const names = (rows: { name: string }[]) => new Set(rows.map((r) => r.name));
    return {
      allergy_history: names(allergy),
      family_medical_history: names(family),
      past_medical_history: names(past),
    };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Addresses

  addresses(accountId: number, db: DbExecutor = this.db): Promise<AddressRow[]> {
    return db
      .select()
      .from(address)
      .where(eq(address.accountId, accountId))
      .orderBy(desc(address.isDefault), asc(address.createdAt), asc(address.id));
  }

  async address(accountId: number, id: number, db: DbExecutor = this.db): Promise<AddressRow | undefined> {
    const [row] = await db
      .select()
      .from(address)
      .where(and(eq(address.accountId, accountId), eq(address.id, id)));
    return row;
  }

  async insertAddress(tx: DbExecutor, values: AddressValues): Promise<AddressRow> {
    const [row] = await tx.insert(address).values(values).returning();
    return row;
  }

  async updateAddress(
    tx: DbExecutor,
    accountId: number,
    id: number,
    values: Partial<AddressValues>,
  ): Promise<AddressRow | undefined> {
    const [row] = await tx
      .update(address)
      .set(values)
      .where(and(eq(address.accountId, accountId), eq(address.id, id)))
      .returning();
    return row;
  }

  async deleteAddress(tx: DbExecutor, accountId: number, id: number) {
    const [row] = await tx
      .delete(address)
      .where(and(eq(address.accountId, accountId), eq(address.id, id)))
      .returning({ isDefault: address.isDefault });
    return row;
  }
}
