import {
  ageFromIdNumber,
  ageFromTimestamp,
  genderFromIdNumber,
  isValidIdNumber,
  type MemberFamily,
  maskIdNumber,
  maskPhone,
} from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { queryRows } from './sql-rows';

/**
 * An account's own records as the customer cards show them (the marketing card, the operator's member card, the
 * members module's card and the order console's member card): its family members and its addresses, defaults first,
 * and how a card shows them (masked); and the account-by-phone condition of their lists.
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

/** Never a full phone in an answer (spec §5): a mobile number masked, anything else hidden whole. */
export function maskedPhone(phone: string): string {
  const m = maskPhone(phone);
  return m === phone && phone ? '*'.repeat(phone.length) : m;
}

/**
 * A family member as a card shows it: the ID number and the phone masked; gender and age from a valid ID number, else
 * the stored gender and the age from the birthday (as of `now`), else none.
 */
export function familyCardOf(f: FamilyMemberRecord, now: Date): MemberFamily {
  let gender: MemberFamily['gender'] = f.gender ?? null;
  let age: number | null = null;
  if (isValidIdNumber(f.idNumber)) {
    gender = genderFromIdNumber(f.idNumber);
    age = ageFromIdNumber(f.idNumber, now);
  } else if (f.birthday) {
    const [y, m, d] = f.birthday.split('-').map(Number);
    age = ageFromTimestamp(new Date(y, m - 1, d), now);
  }
  return {
    id: f.id,
    name: f.name,
    relation: f.relation,
    gender,
    age,
    id_number: maskIdNumber(f.idNumber),
    phone: maskedPhone(f.phone),
    is_default: f.isDefault,
    allergy_history: f.allergyHistory ?? [],
    family_medical_history: f.familyMedicalHistory ?? [],
    past_medical_history: f.pastMedicalHistory ?? [],
  };
}

/** An address as a card shows it: its phone masked. */
export const addressCardOf = <T extends { phone: string }>(a: T): T => ({ ...a, phone: maskedPhone(a.phone) });
