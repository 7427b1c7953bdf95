import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { queryRows } from './sql-rows';

/**
 * An account's own records as the customer cards show them (the marketing card and the operator's member card): its
 * family members and its addresses, defaults first; and the account-by-phone condition of their lists.
 */

/** The account id of exactly this phone, as a scalar subquery: `ci.account_id = ${accountIdOfPhone(phone)}`. */
export const accountIdOfPhone = (phone: string): SQL => sql`(select id from account where phone = ${phone})`;

export interface FamilyMemberRecord {
  id: number;
  name: string;
  relation: string;
  idNumber: string;
  gender: 'male' | 'female' | null;
  birthday: string | null;
  phone: string;
  isDefault: boolean;
  allergyHistory: string[];
  familyMedicalHistory: string[];
  pastMedicalHistory: string[];
}

export interface AddressRecord {
  id: number;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  is_default: boolean;
}

/** The account's family members, the default first. */
export function accountFamily(db: DbExecutor, accountId: number): Promise<FamilyMemberRecord[]> {
  return queryRows<FamilyMemberRecord>(
    db,
    sql`select id, name, relation, id_number as "idNumber", gender, birthday::text as birthday, phone,
        is_default as "isDefault", allergy_history as "allergyHistory",
        family_medical_history as "familyMedicalHistory", past_medical_history as "pastMedicalHistory"
      from family_member where account_id = ${accountId} order by is_default desc, id`,
  ).then((r) => r.rows);
}

/** The account's addresses, the default first. */
export function accountAddresses(db: DbExecutor, accountId: number): Promise<AddressRecord[]> {
  return queryRows<AddressRecord>(
    db,
    sql`select id, name, phone, province, city, district, detail, is_default from address
      where account_id = ${accountId} order by is_default desc, id`,
  ).then((r) => r.rows);
}
