import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { queryRows } from './sql-rows';

/**
 * THE blacklist rule (marketing §黑名单): an account is blacklisted at a pharmacy when a `black_user` row of that
 * pharmacy carries its account id, or the account's phone (a phone-only entry added before the account existed, or
 * an entry whose account link was cleared). Every check (orders, proxy orders, chat, live enrolment, codes, shares)
 * goes through this file so there is one rule.
 */

type Operand = SQL | number;

const operand = (v: Operand): SQL => (typeof v === 'number' ? sql`${v}::int` : v);

/**
 * The rule as an SQL boolean expression, for statements that check many rows at once. `pharmacyId` and `accountId`
 * are numbers or SQL expressions (e.g. `sql\`l.pharmacy_id\``); `phone` is the account's phone expression when the
 * statement already has it (saves the sub-select).
 */
export function blacklistedSql(pharmacyId: Operand, accountId: Operand, phone?: SQL): SQL {
  const acc = operand(accountId);
  const phoneExpr = phone ?? sql`(select bl_a.phone from account bl_a where bl_a.id = ${acc})`;
  return sql`exists (select 1 from black_user bl_b where bl_b.pharmacy_id = ${operand(pharmacyId)}
    and (bl_b.account_id = ${acc} or bl_b.phone = ${phoneExpr}))`;
}

/** Whether the account is blacklisted at the pharmacy (one statement). */
export async function isBlacklisted(db: DbExecutor, pharmacyId: number, accountId: number): Promise<boolean> {
  const { rows } = await queryRows<{ blacklisted: boolean }>(
    db,
    sql`select ${blacklistedSql(pharmacyId, accountId)} as blacklisted`,
  );
  return rows[0]?.blacklisted === true;
}
