import {
  ADDRESS_MAX,
  type Address,
  type AddressCreate,
  type AddressUpdate,
  ageFromIdNumber,
  ageFromTimestamp,
  birthDateFromIdNumber,
  checkRegion,
  type DiscernedAddress,
  type DivisionIndex,
  discernAddress,
  FAMILY_MEMBER_MAX,
  type FamilyMember,
  type FamilyMemberCreate,
  type FamilyMemberUpdate,
  fullAddress,
  genderFromIdNumber,
  HISTORY_NONE,
  type HistoryField,
  historyFieldLabels,
  historyFields,
  isValidIdNumber,
  maskIdNumber,
  type PatientRelation,
  patientRelationLabels,
} from '@pharmacy/shared';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AddressRow, FamilyMemberRow, PatientRepository } from './patients.repository';

const FAMILY_MEMBER_NOT_FOUND = '就诊人不存在或已删除';
const ADDRESS_NOT_FOUND = '收货地址不存在或已删除';

export function toFamilyMember(row: FamilyMemberRow, now = new Date()): FamilyMember {
  let gender = row.gender ?? null;
  let age: number | null = null;
  let birthday = row.birthday ?? null;
  if (isValidIdNumber(row.idNumber)) {
    gender = genderFromIdNumber(row.idNumber);
    age = ageFromIdNumber(row.idNumber, now);
    birthday = birthDateFromIdNumber(row.idNumber);
  } else if (row.birthday) {
    const [y, m, d] = row.birthday.split('-').map(Number);
    age = ageFromTimestamp(new Date(y, m - 1, d), now);
  }
  return {
    id: row.id,
    name: row.name,
    relation: row.relation,
    relation_label: patientRelationLabels[row.relation as PatientRelation] ?? row.relation,
    gender,
    age,
    birthday,
    id_number: maskIdNumber(row.idNumber),
    phone: row.phone,
    is_default: row.isDefault,
    allergy_history: row.allergyHistory,
    family_medical_history: row.familyMedicalHistory,
    past_medical_history: row.pastMedicalHistory,
    created_at: row.createdAt.toISOString(),
  };
}

export const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  province: row.province,
  city: row.city,
  district: row.district,
  detail: row.detail,
  full_address: fullAddress(row),
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
});

const historyColumn = {
  allergy_history: 'allergyHistory',
  family_medical_history: 'familyMedicalHistory',
  past_medical_history: 'pastMedicalHistory',
} as const satisfies Record<HistoryField, keyof FamilyMemberRow>;

/**
 * The signed-in patient's family members and addresses, and the address discerner. Every call names the account;
 * no Fastify types here.
 */
export class PatientService {
  constructor(
    private readonly repo: PatientRepository,
    private readonly divisions: () => DivisionIndex,
  ) {}

  // ---------------------------------------------------------------------------------------------------------------
  // Family members

  async familyMembers(accountId: number): Promise<FamilyMember[]> {
    const now = new Date();
    return (await this.repo.familyMembers(accountId)).map((r) => toFamilyMember(r, now));
  }

  /**
   * Each history value must be an item of its content collection (or 无); a value the member already has stays
   * allowed, so that an item the editors later retired does not block other edits.
   */
  private async checkHistories(
    body: Partial<Record<HistoryField, string[]>>,
    existing?: FamilyMemberRow,
    db?: DbExecutor,
  ) {
    if (historyFields.every((f) => body[f] === undefined || body[f].length === 0)) return;
    const vocabulary = await this.repo.historyVocabulary(db);
    for (const field of historyFields) {
      const kept = new Set(existing ? existing[historyColumn[field]] : []);
      const unknown = (body[field] ?? []).find((v) => v !== HISTORY_NONE && !vocabulary[field].has(v) && !kept.has(v));
      if (unknown !== undefined) {
        throw AppError.badParams(field, `${historyFieldLabels[field]}「${unknown}」不在可选项中`);
      }
    }
  }

  private async checkUniqueness(
    tx: DbExecutor,
    accountId: number,
    values: { idNumber?: string; relation?: string },
    rows: FamilyMemberRow[],
    exceptId?: number,
  ) {
    if (values.idNumber !== undefined) {
      const same = await this.repo.familyMemberWithIdNumber(tx, accountId, values.idNumber, exceptId);
      if (same) throw AppError.conflict('该身份证号的就诊人已添加', 'Duplicate ID number');
    }
    if (values.relation === 'self' && rows.some((r) => r.relation === 'self' && r.id !== exceptId)) {
      throw AppError.conflict('已有关系为「本人」的就诊人', 'Only one family member may be the account holder');
    }
  }

  async createFamilyMember(accountId: number, body: FamilyMemberCreate): Promise<FamilyMember> {
    await this.checkHistories(body);
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, 'family_member', accountId);
      const rows = await this.repo.familyMembers(accountId, tx);
      if (rows.length >= FAMILY_MEMBER_MAX) {
        throw AppError.conflict(`最多添加 ${FAMILY_MEMBER_MAX} 位就诊人`, 'Family member limit reached');
      }
      await this.checkUniqueness(tx, accountId, { idNumber: body.id_number, relation: body.relation }, rows);
      return this.repo.insertFamilyMember(tx, {
        accountId,
        name: body.name,
        idNumber: body.id_number,
        gender: genderFromIdNumber(body.id_number),
        birthday: birthDateFromIdNumber(body.id_number),
        relation: body.relation,
        phone: body.phone,
        isDefault: rows.length === 0,
        allergyHistory: body.allergy_history,
        familyMedicalHistory: body.family_medical_history,
        pastMedicalHistory: body.past_medical_history,
      });
    });
    return toFamilyMember(row);
  }

  async updateFamilyMember(accountId: number, id: number, body: FamilyMemberUpdate): Promise<FamilyMember> {
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, 'family_member', accountId);
      const rows = await this.repo.familyMembers(accountId, tx);
      const existing = rows.find((r) => r.id === id);
      if (!existing) throw AppError.notFound(FAMILY_MEMBER_NOT_FOUND, 'Family member not found');
      await this.checkHistories(body, existing, tx);
      const idNumber =
        body.id_number !== undefined && body.id_number !== existing.idNumber ? body.id_number : undefined;
      await this.checkUniqueness(tx, accountId, { idNumber, relation: body.relation }, rows, id);
      return this.repo.updateFamilyMember(tx, accountId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(idNumber !== undefined
          ? { idNumber, gender: genderFromIdNumber(idNumber), birthday: birthDateFromIdNumber(idNumber) }
          : {}),
        ...(body.relation !== undefined ? { relation: body.relation } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.allergy_history !== undefined ? { allergyHistory: body.allergy_history } : {}),
        ...(body.family_medical_history !== undefined ? { familyMedicalHistory: body.family_medical_history } : {}),
        ...(body.past_medical_history !== undefined ? { pastMedicalHistory: body.past_medical_history } : {}),
      });
    });
    if (!row) throw AppError.notFound(FAMILY_MEMBER_NOT_FOUND, 'Family member not found');
    return toFamilyMember(row);
  }

  /** Deleting the default makes the oldest remaining member the default. */
  async removeFamilyMember(accountId: number, id: number) {
    await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, 'family_member', accountId);
      const removed = await this.repo.deleteFamilyMember(tx, accountId, id);
      if (!removed) throw AppError.notFound(FAMILY_MEMBER_NOT_FOUND, 'Family member not found');
      if (removed.isDefault) await this.repo.promoteOldest(tx, 'family_member', accountId);
    });
  }

  async setDefaultFamilyMember(accountId: number, id: number): Promise<FamilyMember> {
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, 'family_member', accountId);
      if (!(await this.repo.familyMember(accountId, id, tx))) {
        throw AppError.notFound(FAMILY_MEMBER_NOT_FOUND, 'Family member not found');
      }
      await this.repo.setDefault(tx, 'family_member', accountId, id);
      return this.repo.familyMember(accountId, id, tx);
    });
    return toFamilyMember(row!);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Addresses

  async addresses(accountId: number): Promise<Address[]> {
    return (await this.repo.addresses(accountId)).map(toAddress);
  }

  private checkRegion(choice: { province: string; city: string; district: string }) {
    const problem = checkRegion(this.divisions(), choice);
    if (problem) throw AppError.badParams(problem.field, problem.reason);
  }

  async createAddress(accountId: number, body: AddressCreate): Promise<Address> {
    this.checkRegion(body);
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, 'address', accountId);
      const rows = await this.repo.addresses(accountId, tx);
      if (rows.length >= ADDRESS_MAX) {
        throw AppError.conflict(`最多添加 ${ADDRESS_MAX} 个收货地址`, 'Address limit reached');
      }
      return this.repo.insertAddress(tx, {
        accountId,
        name: body.name,
        phone: body.phone,
        province: body.province,
        city: body.city,
        district: body.district,
        detail: body.detail,
        isDefault: rows.length === 0,
      });
    });
    return toAddress(row);
  }

  async updateAddress(accountId: number, id: number, body: AddressUpdate): Promise<Address> {
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, 'address', accountId);
      const existing = await this.repo.address(accountId, id, tx);
      if (!existing) throw AppError.notFound(ADDRESS_NOT_FOUND, 'Address not found');
      const touchesRegion = body.province !== undefined || body.city !== undefined || body.district !== undefined;
      const region = {
        province: body.province ?? existing.province,
        city: body.city ?? existing.city,
        district: body.district ?? existing.district,
      };
      if (touchesRegion) this.checkRegion(region);
      return this.repo.updateAddress(tx, accountId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(touchesRegion ? region : {}),
        ...(body.detail !== undefined ? { detail: body.detail } : {}),
      });
    });
    if (!row) throw AppError.notFound(ADDRESS_NOT_FOUND, 'Address not found');
    return toAddress(row);
  }

  async removeAddress(accountId: number, id: number) {
    await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, 'address', accountId);
      const removed = await this.repo.deleteAddress(tx, accountId, id);
      if (!removed) throw AppError.notFound(ADDRESS_NOT_FOUND, 'Address not found');
      if (removed.isDefault) await this.repo.promoteOldest(tx, 'address', accountId);
    });
  }

  async setDefaultAddress(accountId: number, id: number): Promise<Address> {
    const row = await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, 'address', accountId);
      if (!(await this.repo.address(accountId, id, tx)))
        throw AppError.notFound(ADDRESS_NOT_FOUND, 'Address not found');
      await this.repo.setDefault(tx, 'address', accountId, id);
      return this.repo.address(accountId, id, tx);
    });
    return toAddress(row!);
  }

  discern(text: string): DiscernedAddress {
    return discernAddress(text, this.divisions());
  }
}
