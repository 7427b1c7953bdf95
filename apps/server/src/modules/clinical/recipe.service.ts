import {
  type ClinicalPatient,
  COMMON_DIAGNOSE_MAX,
  type CommonDiagnose,
  type DoctorProfile,
  type DoctorProfileUpdate,
  isUploadUrl,
  overrideRequiredMessage,
  RECIPE_OVERRIDE_REASON_MIN,
  type RecipeCheckBody,
  type RecipeCheckResult,
  type RecipeConsultation,
  type RecipeDetail,
  type RecipeDoctorListQuery,
  type RecipeDoctorListResult,
  type RecipeItem,
  type RecipeProductOption,
  type RecipeProductQuery,
  type RecipeWarning,
  type RecipeWriteBody,
  type RecipeWritten,
  type WantedItem,
} from '@pharmacy/shared';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type RecipeDetailRow, type RecipeRepository, type RequestRow, toSummary } from './recipe.repository';
import { type CheckPatient, checkRecipeItems, fieldError } from './recipe-check';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

const asArray = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export const recipeMessages = {
  notFound: '处方不存在',
  requestNotFound: '问诊需求不存在',
  requestNotApproved: '该问诊需求当前不是「已接诊」状态，不能开具处方（可能已开方或已处理）',
  notVoidable: '只有待审方的处方可以作废',
  noSignature: '请先上传电子签名',
  memberNotFound: '就诊人不存在',
  pharmacyNotFound: '药房不存在或未营业',
  diagnoseDuplicate: '该诊断已在常用诊断中',
  diagnoseFull: `常用诊断最多 ${COMMON_DIAGNOSE_MAX} 条`,
  childWeight: '患者未满 14 岁且开具了处方药，请填写体重',
} as const;

/** The recipe part's rules: the doctor's list, check, write, void, profile, common diagnoses. No Fastify types here. */
export class RecipeService {
  constructor(private readonly repo: RecipeRepository) {}

  async list(doctorId: number, q: RecipeDoctorListQuery): Promise<RecipeDoctorListResult> {
    const { rows, counts } = await this.repo.page(doctorId, q);
    const all = counts.pending_inspection + counts.approved + counts.rejected + counts.void;
    const total = q.status === 'all' ? all : (counts[q.status] ?? 0);
    return {
      list: rows,
      total,
      page: q.page,
      page_size: q.page_size,
      counts: {
        all,
        pending_inspection: counts.pending_inspection,
        approved: counts.approved,
        rejected: counts.rejected,
        void: counts.void,
      },
    };
  }

  async detail(doctorId: number, id: number, db?: DbExecutor): Promise<RecipeDetail> {
    const executor = db ?? this.repo.db;
    const r = await this.repo.detail(executor, doctorId, id);
    if (!r) throw AppError.notFound(recipeMessages.notFound, 'Recipe not found');
    return toDetail(r, await this.repo.inspections(executor, r.id));
  }

  /** The patient a check or write is for: from the doctor's request, or a family member. */
  private async patientOf(
    db: DbExecutor,
    doctorId: number,
    body: { consultation_request_id?: number; family_member_id?: number },
    lock = false,
  ): Promise<{
    request: RequestRow | null;
    patient: Omit<ClinicalPatient, 'family_medical_history' | 'past_medical_history'> & { account_id: number };
  }> {
    if (body.consultation_request_id !== undefined) {
      const request = await this.repo.request(db, doctorId, body.consultation_request_id, lock);
      if (!request) throw AppError.notFound(recipeMessages.requestNotFound, 'Consultation request not found');
      return {
        request,
        patient: {
          account_id: Number(request.account_id),
          family_member_id: request.family_member_id === null ? null : Number(request.family_member_id),
          name: request.patient_name,
          gender: request.patient_gender,
          age: request.patient_age === null ? null : Number(request.patient_age),
          allergy_history: request.allergy_history ?? [],
        },
      };
    }
    const member = await this.repo.member(db, doctorId, body.family_member_id as number);
    if (!member) throw fieldError('family_member_id', recipeMessages.memberNotFound);
    return {
      request: null,
      patient: {
        account_id: Number(member.account_id),
        family_member_id: Number(member.id),
        name: member.name,
        gender: member.gender ?? '',
        age: member.age === null ? null : Number(member.age),
        allergy_history: member.allergy_history ?? [],
      },
    };
  }

  async check(doctorId: number, body: RecipeCheckBody): Promise<RecipeCheckResult> {
    const db = this.repo.db;
    const { patient } = await this.patientOf(db, doctorId, body);
    const checkPatient: CheckPatient = {
      age: patient.age,
      weight_kg: body.weight_kg ?? null,
      allergies: patient.allergy_history,
    };
    return (await checkRecipeItems(db, body.items, checkPatient)).result;
  }

  /**
   * Writes a prescription (pending_inspection). From a request: the request moves approved → prescribed in the same
   * transaction, guarded (a second write of one request finds it prescribed: 409), and its order carries the recipe.
   * Refused: the same generic twice, a child's RX lines without weight, a warning without an override reason, no
   * signature. Returns the written row and the warnings overridden (for the audit).
   */
  async write(doctorId: number, body: RecipeWriteBody): Promise<RecipeWritten & { overridden: RecipeWarning[] }> {
    return this.repo.transaction(async (tx) => {
      const doctor = await this.repo.doctor(tx, doctorId);
      if (!doctor) throw AppError.notFound(recipeMessages.notFound, 'Doctor not found');
      if (!doctor.signature_url) throw fieldError('signature_url', recipeMessages.noSignature);

      const { request, patient } = await this.patientOf(tx, doctorId, body, true);
      if (request && request.status !== 'approved') {
        throw AppError.conflict(recipeMessages.requestNotApproved, 'Consultation request is not approved');
      }
      const pharmacyId = request ? Number(request.pharmacy_id) : (body.pharmacy_id as number);
      if (!request && !(await this.repo.pharmacyActive(tx, pharmacyId))) {
        throw fieldError('pharmacy_id', recipeMessages.pharmacyNotFound);
      }

      const weight = body.weight_kg ?? null;
      const { result, products } = await checkRecipeItems(tx, body.items, {
        age: patient.age,
        weight_kg: weight,
        allergies: patient.allergy_history,
      });
      if (result.status !== 'ok') {
        throw AppError.callerHandles(`${result.message}，处方未保存，请稍后重试`, 'Inspection aids unavailable');
      }
      // hard rules: the same generic drug twice; a child's RX lines need a weight
      const seen = new Map<string, number>();
      body.items.forEach((item, i) => {
        const generic = products.get(item.product_id)!.generic_name.trim();
        const first = seen.get(generic);
        if (first !== undefined) {
          throw fieldError(
            `items.${i}.product_id`,
            `第${i + 1}行与第${first + 1}行为同一通用名「${generic}」，同一药品请只开一行`,
          );
        }
        seen.set(generic, i);
      });
      if (result.warnings.some((w) => w.code === 'child_weight'))
        throw fieldError('weight_kg', recipeMessages.childWeight);

      const warnings = result.warnings.map((w) => {
        const reason = (body.override_reasons[w.code] ?? '').trim();
        if (reason.length < RECIPE_OVERRIDE_REASON_MIN) {
          throw fieldError(`override_reasons.${w.code}`, overrideRequiredMessage(w.code));
        }
        return { ...w, override_reason: reason };
      });

      if (request && !(await this.repo.markPrescribed(tx, doctorId, Number(request.id)))) {
        throw AppError.conflict(recipeMessages.requestNotApproved, 'Consultation request is not approved');
      }
      const items: RecipeItem[] = body.items.map((item) => {
        const p = products.get(item.product_id)!;
        return {
          ...item,
          name: p.name,
          generic_name: p.generic_name,
          spec: p.spec,
          type: p.type,
          manufacturer: p.manufacturer,
        };
      });
      const recipeNo = await this.repo.nextRecipeNo(tx);
      const diagnoses = [...new Set(body.diagnoses.map((d) => d.trim()))];
      const id = await this.repo.insertRecipe(tx, {
        recipeNo,
        doctorId,
        pharmacyId,
        accountId: patient.account_id,
        familyMemberId: patient.family_member_id,
        consultationRequestId: request ? Number(request.id) : null,
        orderId: request?.order_id ? Number(request.order_id) : null,
        patientName: patient.name,
        patientGender: patient.gender,
        patientAge: patient.age,
        patientWeightKg: weight,
        allergies: patient.allergy_history,
        diagnoses,
        items,
        warnings,
        images: request?.images ?? [],
        signatureUrl: doctor.signature_url,
      });
      if (request?.order_id) await this.repo.linkOrder(tx, Number(request.order_id), pharmacyId, id);
      return { id, recipe_no: recipeNo, status: 'pending_inspection' as const, overridden: warnings };
    });
  }

  /** pending_inspection → void (guarded); its request goes back to approved and its order forgets it. */
  async void(doctorId: number, id: number): Promise<RecipeWritten> {
    return this.repo.transaction(async (tx) => {
      const voided = await this.repo.voidRecipe(tx, doctorId, id);
      if (!voided) {
        const status = await this.repo.recipeStatus(tx, doctorId, id);
        if (status === null) throw AppError.notFound(recipeMessages.notFound, 'Recipe not found');
        throw AppError.conflict(recipeMessages.notVoidable, `Recipe is ${status}`);
      }
      if (voided.consultation_request_id !== null)
        await this.repo.reopenRequest(tx, Number(voided.consultation_request_id));
      if (voided.order_id !== null) {
        await this.repo.linkOrder(tx, Number(voided.order_id), Number(voided.pharmacy_id), null, Number(voided.id));
      }
      return { id: Number(voided.id), recipe_no: voided.recipe_no, status: 'void' as const };
    });
  }

  async consultation(doctorId: number, id: number): Promise<RecipeConsultation> {
    const db = this.repo.db;
    const { request, patient } = await this.patientOf(db, doctorId, { consultation_request_id: id });
    const r = request as RequestRow;
    return {
      id: Number(r.id),
      status: r.status,
      patient: {
        family_member_id: patient.family_member_id,
        name: patient.name,
        gender: patient.gender,
        age: patient.age,
        allergy_history: patient.allergy_history,
        family_medical_history: r.family_medical_history ?? [],
        past_medical_history: r.past_medical_history ?? [],
      },
      pharmacy_id: Number(r.pharmacy_id),
      pharmacy_name: r.pharmacy_name,
      order_id: r.order_id === null ? null : Number(r.order_id),
      order_no: r.order_no ?? null,
      description: r.description,
      wanted_items: asArray<WantedItem>(r.wanted_items),
      images: r.images ?? [],
    };
  }

  async products(q: RecipeProductQuery): Promise<RecipeProductOption[]> {
    const ids = q.ids ? [...new Set(q.ids.split(',').map(Number))].filter((n) => n > 0 && n < 2 ** 31) : undefined;
    // ids that are all out of range leave nothing to look up (and an empty IN list is not SQL)
    if (ids ? ids.length === 0 : !q.keyword) return [];
    const rows = await this.repo.products({ keyword: q.keyword, ids });
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  // ---------------------------------------------------------------- profile and common diagnoses

  async profile(doctorId: number): Promise<DoctorProfile> {
    const db = this.repo.db;
    const d = await this.repo.doctor(db, doctorId);
    if (!d) throw AppError.notFound('医生资料不存在', 'Doctor not found');
    return { ...d, id: Number(d.id) };
  }

  async updateProfile(doctorId: number, body: DoctorProfileUpdate): Promise<DoctorProfile> {
    const current = await this.profile(doctorId);
    const signature = body.signature_url;
    if (signature !== '' && signature !== current.signature_url && !isUploadUrl(signature)) {
      throw fieldError('signature_url', '电子签名须为本站上传的图片');
    }
    await this.repo.updateDoctor(doctorId, { ...body, signature_url: signature });
    return this.profile(doctorId);
  }

  private ownDoctor(doctorId: number, paramId: number) {
    if (doctorId !== paramId) throw AppError.notFound('医生不存在', 'Not this doctor');
  }

  async commonDiagnoses(doctorId: number, paramId: number): Promise<CommonDiagnose[]> {
    this.ownDoctor(doctorId, paramId);
    const db = this.repo.db;
    return (await this.repo.commonDiagnoses(db, doctorId)).map((r) => ({ ...r, id: Number(r.id) }));
  }

  async addCommonDiagnose(doctorId: number, paramId: number, text: string): Promise<CommonDiagnose> {
    this.ownDoctor(doctorId, paramId);
    return this.repo.transaction(async (tx) => {
      await this.repo.lockDoctor(tx, doctorId);
      const existing = await this.repo.commonDiagnoses(tx, doctorId);
      const normal = text.trim();
      if (existing.some((e) => e.text.trim() === normal)) throw fieldError('text', recipeMessages.diagnoseDuplicate);
      if (existing.length >= COMMON_DIAGNOSE_MAX) throw fieldError('text', recipeMessages.diagnoseFull);
      const row = await this.repo.addCommonDiagnose(tx, doctorId, normal);
      return { ...row, id: Number(row.id) };
    });
  }

  async removeCommonDiagnose(doctorId: number, paramId: number, id: number): Promise<void> {
    this.ownDoctor(doctorId, paramId);
    if (!(await this.repo.removeCommonDiagnose(doctorId, id))) {
      throw AppError.notFound('常用诊断不存在', 'Common diagnose not found');
    }
  }
}

/** The detail shape (recipeDetailSchema) of a row and its inspections. */
export function toDetail(
  r: RecipeDetailRow,
  inspections: Awaited<ReturnType<RecipeRepository['inspections']>>,
): RecipeDetail {
  return {
    ...toSummary(r),
    patient: {
      family_member_id: r.family_member_id === null ? null : Number(r.family_member_id),
      name: r.patient_name,
      gender: r.patient_gender,
      age: r.patient_age === null ? null : Number(r.patient_age),
      allergy_history: r.allergies ?? [],
      family_medical_history: r.family_medical_history ?? [],
      past_medical_history: r.past_medical_history ?? [],
      weight_kg: r.patient_weight_kg,
    },
    items: asArray<RecipeItem>(r.items),
    warnings: asArray<RecipeWarning>(r.warnings),
    images: r.images ?? [],
    signature_url: r.signature_url,
    doctor: {
      id: Number(r.doctor_id),
      name: r.doctor_name,
      hospital: r.doctor_hospital,
      department: r.doctor_department,
      title: r.doctor_title,
      licence_no: r.doctor_licence_no,
      signature_url: r.doctor_signature_url,
    },
    consultation_request_id: r.consultation_request_id === null ? null : Number(r.consultation_request_id),
    pharmacist_name: r.pharmacist_name,
    reject_code: r.reject_code,
    reject_reason: r.reject_reason,
    inspections: inspections.map((i) => ({
      id: Number(i.id),
      pharmacist_name: i.pharmacist_name ?? '',
      decision: i.decision,
      reject_code: i.reject_code,
      reason: i.reason,
      created_at: iso(i.created_at) as string,
    })),
  };
}
