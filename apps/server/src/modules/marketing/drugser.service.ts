import {
  ageFromIdNumber,
  ageFromTimestamp,
  birthDateFromIdNumber,
  DRUGSER_RECIPES_MAX,
  type Drugser,
  type DrugserListQuery,
  type DrugserRecipe,
  drugserMessages,
  type FamilyMemberUpdate,
  familyRelationLabel,
  genderFromIdNumber,
  HISTORY_NONE,
  type HistoryField,
  historyFieldLabels,
  historyFields,
  isValidIdNumber,
  maskIdNumber,
  maskPhone,
  type PageResult,
  type RecipeStatus,
  recipeFrequencies,
  recipeStatusLabels,
  shanghaiToday,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { DrugserChanges, DrugserFilter, DrugserRepository, DrugserRow, DrugserScope } from './drugser.repository';

/** Never a full phone in an answer (spec §5); anything that is not a mobile number is hidden whole. */
const masked = (phone: string) => {
  const m = maskPhone(phone);
  return m === phone && phone ? '*'.repeat(phone.length) : m;
};

/** A full phone number, its last four digits, or part of a name (docs/members.md: no other digit search). */
export function keywordFilter(keyword: string | undefined): DrugserFilter {
  const k = keyword?.trim();
  if (!k) return {};
  if (/^1[3-9]\d{9}$/.test(k)) return { phone: k };
  if (/^\d{4}$/.test(k)) return { phoneSuffix: k };
  return { name: k };
}

/** `date` minus `years` years as YYYY-MM-DD (29 Feb → 28 Feb in a common year). */
function yearsBefore(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

const historyColumn = {
  allergy_history: 'allergy_history',
  family_medical_history: 'family_medical_history',
  past_medical_history: 'past_medical_history',
} as const satisfies Record<HistoryField, keyof DrugserRow>;

const frequencyLabel = new Map<string, string>(recipeFrequencies.map((f) => [f.code, f.label]));

function usageOf(item: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const dose = `${text(item.dose_amount)}${text(item.dose_unit)}`;
  const frequency = frequencyLabel.get(text(item.frequency)) ?? text(item.frequency);
  const days = text(item.days) ? `${text(item.days)}天` : '';
  return [dose, frequency, text(item.route), days].filter(Boolean).join(' ');
}

/** 用药人: the family members of a pharmacy's customers (or of the platform), their edit, their prescriptions. */
export class DrugserService {
  constructor(
    private readonly repo: DrugserRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private toDrugser(row: DrugserRow, now: Date): Drugser {
    let gender = row.gender ?? null;
    let age: number | null = null;
    if (isValidIdNumber(row.id_number)) {
      gender = genderFromIdNumber(row.id_number);
      age = ageFromIdNumber(row.id_number, now);
    } else if (row.birthday) {
      const [y, m, d] = row.birthday.split('-').map(Number) as [number, number, number];
      age = ageFromTimestamp(new Date(y, m - 1, d), now);
    }
    return {
      id: row.id,
      name: row.name,
      phone: masked(row.phone),
      id_number: maskIdNumber(row.id_number),
      gender,
      age,
      relation: row.relation,
      relation_label: familyRelationLabel(row.relation),
      customer_account_id: row.account_id,
      customer_name: row.customer_name,
      customer_phone: masked(row.customer_phone),
      allergy_history: row.allergy_history,
      family_medical_history: row.family_medical_history,
      past_medical_history: row.past_medical_history,
      recipe_count: Number(row.recipe_count),
      created_at: new Date(row.created_at).toISOString(),
    };
  }

  async list(scope: DrugserScope, query: DrugserListQuery): Promise<PageResult<Drugser>> {
    const now = this.clock();
    const today = shanghaiToday(now);
    const filter: DrugserFilter = {
      ...keywordFilter(query.keyword),
      ...(query.gender ? { gender: query.gender } : {}),
      ...(query.age_min !== undefined ? { bornOnOrBefore: yearsBefore(today, query.age_min) } : {}),
      ...(query.age_max !== undefined ? { bornAfter: yearsBefore(today, query.age_max + 1) } : {}),
      ...(query.has_allergy !== undefined ? { hasAllergy: query.has_allergy === '1' } : {}),
    };
    const { rows, total } = await this.repo.page(scope, filter, query.page_size, (query.page - 1) * query.page_size);
    return { list: rows.map((r) => this.toDrugser(r, now)), total, page: query.page, page_size: query.page_size };
  }

  async detail(scope: DrugserScope, id: number): Promise<Drugser> {
    const row = await this.repo.find(scope, id);
    if (!row) throw AppError.notFound(drugserMessages.notFound, 'Family member not found');
    return this.toDrugser(row, this.clock());
  }

  async recipes(scope: DrugserScope, id: number): Promise<DrugserRecipe[]> {
    if (!(await this.repo.find(scope, id)))
      throw AppError.notFound(drugserMessages.notFound, 'Family member not found');
    const rows = await this.repo.recipes(scope, id, DRUGSER_RECIPES_MAX);
    return rows.map((r) => ({
      id: r.id,
      recipe_no: r.recipe_no,
      status: r.status,
      status_label: recipeStatusLabels[r.status as RecipeStatus] ?? r.status,
      pharmacy_name: r.pharmacy_name,
      doctor_name: r.doctor_name,
      diagnoses: r.diagnoses ?? [],
      items: (Array.isArray(r.items) ? (r.items as Record<string, unknown>[]) : []).map((item) => ({
        name: typeof item.name === 'string' ? item.name : '',
        spec: typeof item.spec === 'string' ? item.spec : '',
        qty: typeof item.qty === 'number' ? item.qty : null,
        usage: usageOf(item),
      })),
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  /**
   * Staff edit the member with the patient's own rules: histories from the content collections (a value the member
   * already has stays allowed), one ID number per account, one 本人 per account; gender and birthday follow the ID.
   */
  async update(
    scope: DrugserScope,
    id: number,
    body: FamilyMemberUpdate,
  ): Promise<{ member: Drugser; changed: string[] }> {
    const changed = Object.entries(body)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    await this.repo.transaction(async (tx) => {
      const current = await this.repo.find(scope, id, tx);
      if (!current) throw AppError.notFound(drugserMessages.notFound, 'Family member not found');
      await this.repo.lockAccount(tx, current.account_id);
      const existing = await this.repo.find(scope, id, tx, true);
      if (!existing) throw AppError.notFound(drugserMessages.notFound, 'Family member not found');
      if (historyFields.some((f) => (body[f]?.length ?? 0) > 0)) {
        const vocabulary = await this.repo.historyVocabulary(tx);
        for (const field of historyFields) {
          const kept = new Set(existing[historyColumn[field]]);
          const unknown = (body[field] ?? []).find(
            (v) => v !== HISTORY_NONE && !vocabulary[field]?.has(v) && !kept.has(v),
          );
          if (unknown !== undefined) {
            throw AppError.badParams(field, `${historyFieldLabels[field]}「${unknown}」不在可选项中`);
          }
        }
      }
      const idNumber =
        body.id_number !== undefined && body.id_number !== existing.id_number ? body.id_number : undefined;
      if (idNumber !== undefined || body.relation === 'self') {
        const others = await this.repo.siblings(tx, existing.account_id, id);
        if (idNumber !== undefined && others.some((o) => o.id_number === idNumber)) {
          throw AppError.conflict(drugserMessages.duplicateIdNumber, 'Duplicate ID number');
        }
        if (body.relation === 'self' && others.some((o) => o.relation === 'self')) {
          throw AppError.conflict(drugserMessages.duplicateSelf, 'Only one family member may be the account holder');
        }
      }
      const changes: DrugserChanges = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(idNumber !== undefined
          ? { idNumber, gender: genderFromIdNumber(idNumber), birthday: birthDateFromIdNumber(idNumber) }
          : {}),
        ...(body.relation !== undefined ? { relation: body.relation } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.allergy_history !== undefined ? { allergyHistory: body.allergy_history } : {}),
        ...(body.family_medical_history !== undefined ? { familyMedicalHistory: body.family_medical_history } : {}),
        ...(body.past_medical_history !== undefined ? { pastMedicalHistory: body.past_medical_history } : {}),
      };
      await this.repo.update(tx, id, changes);
    });
    return { member: await this.detail(scope, id), changed };
  }
}
