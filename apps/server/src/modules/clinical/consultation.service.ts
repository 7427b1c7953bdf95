import {
  ageFromIdNumber,
  type ClinicalPatient,
  CONSULTATION_IMAGES_MAX,
  type ConsultationCreateBody,
  type ConsultationDecision,
  type ConsultationDetail,
  type ConsultationListQuery,
  type ConsultationListResult,
  type ConsultationMine,
  type ConsultationMineUpdateBody,
  type ConsultationPatientLookup,
  type ConsultationSummary,
  consultationMessages,
  consultationStateConflict,
  isValidIdNumber,
  maskPhone,
  type PageResult,
  type WantedItem,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notify';
import { transitionOrder } from '../../lib/order-state';
import type { ConsultationRepository, ConsultationRow, FamilyMemberRow } from './consultation.repository';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** Full years from a birthday (YYYY-MM-DD), else from the ID number, else null. */
export function memberAge(birthday: string | null, idNumber: string | null, now = new Date()): number | null {
  if (birthday) {
    const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
    let age = now.getFullYear() - y;
    if (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d)) age -= 1;
    return Math.max(0, age);
  }
  if (idNumber && isValidIdNumber(idNumber)) return ageFromIdNumber(idNumber, now);
  return null;
}

const wantedItems = (raw: unknown): WantedItem[] =>
  Array.isArray(raw)
    ? raw.map((w: Record<string, unknown>) => ({
        product_id: Number(w.product_id),
        name: String(w.name ?? ''),
        generic_name: String(w.generic_name ?? ''),
        spec: String(w.spec ?? ''),
        type: String(w.type ?? ''),
        qty: Number(w.qty ?? 0),
      }))
    : [];

const toSummary = (row: ConsultationRow): ConsultationSummary => ({
  id: row.id,
  status: row.status,
  source: row.source,
  patient_name: row.member_name ?? row.patient_name,
  patient_gender: row.member_gender ?? row.patient_gender,
  patient_age:
    row.member_id !== null
      ? (memberAge(row.member_birthday, row.member_id_number) ?? row.patient_age)
      : row.patient_age,
  phone: String(maskPhone(row.phone)),
  wanted_items: wantedItems(row.wanted_items),
  image_count: row.images.length,
  description: row.description,
  pharmacy_id: row.pharmacy_id,
  pharmacy_name: row.pharmacy_name,
  order_id: row.order_id,
  order_no: row.order_no,
  order_status: row.order_status,
  reject_reason: row.reject_reason,
  created_at: iso(row.created_at)!,
  decided_at: iso(row.decided_at),
});

const toPatient = (row: ConsultationRow, summary: ConsultationSummary): ClinicalPatient => ({
  family_member_id: row.member_id,
  name: summary.patient_name,
  gender: summary.patient_gender,
  age: summary.patient_age,
  allergy_history: row.allergy_history ?? [],
  family_medical_history: row.family_medical_history ?? [],
  past_medical_history: row.past_medical_history ?? [],
});

const toMine = (row: ConsultationRow): ConsultationMine => ({
  id: row.id,
  status: row.status,
  source: row.source,
  patient_name: row.member_name ?? row.patient_name,
  wanted_items: wantedItems(row.wanted_items),
  description: row.description,
  images: row.images,
  pharmacy_name: row.pharmacy_name,
  doctor_name: row.doctor_name ?? '',
  order_id: row.order_id,
  order_no: row.order_no,
  reject_reason: row.reject_reason,
  recipe_no: row.status === 'prescribed' ? (row.recipe_no ?? null) : null,
  created_at: iso(row.created_at)!,
});

const toMember = (m: FamilyMemberRow) => ({
  id: m.id,
  name: m.name,
  gender: m.gender ?? '',
  age: memberAge(m.birthday, m.id_number),
  relation: m.relation,
  is_default: m.is_default,
  allergy_history: m.allergy_history,
  family_medical_history: m.family_medical_history,
  past_medical_history: m.past_medical_history,
});

/** Consultation requests (docs/clinical.md "Consultation requests"). No Fastify types here. */
export class ConsultationService {
  constructor(private readonly repo: ConsultationRepository) {}

  async list(doctorId: number, query: ConsultationListQuery): Promise<ConsultationListResult> {
    const { rows, counts } = await this.repo.page(doctorId, query);
    const all = Object.values(counts).reduce((n, v) => n + v, 0);
    const tabCounts = {
      all,
      pending: counts.pending ?? 0,
      approved: counts.approved ?? 0,
      prescribed: counts.prescribed ?? 0,
      rejected: counts.rejected ?? 0,
      cancelled: counts.cancelled ?? 0,
    };
    return {
      list: rows.map(toSummary),
      total: query.status === 'all' ? all : tabCounts[query.status],
      page: query.page,
      page_size: query.page_size,
      counts: tabCounts,
    };
  }

  async detail(doctorId: number, id: number): Promise<ConsultationDetail> {
    const row = await this.repo.findForDoctor(doctorId, id);
    if (!row) throw AppError.notFound(consultationMessages.notFound, 'Consultation request not found');
    const summary = toSummary(row);
    return {
      ...summary,
      patient: toPatient(row, summary),
      images: row.images,
      doctor_name: row.doctor_name ?? '',
      recipe_id: row.recipe_id ?? null,
      recipe_no: row.recipe_no ?? null,
    };
  }

  /** pending → approved, guarded: of N concurrent deciders exactly one wins, the others get 409 naming the state. */
  async approve(doctorId: number, id: number): Promise<ConsultationDecision> {
    return this.repo.transaction(async (tx) => {
      const result = await this.repo.transition(tx, doctorId, id, ['pending'], 'approved');
      if (!result.ok) throw this.refusal('approve', id, result.status);
      const order = result.row.order_id === null ? undefined : await this.repo.orderStatus(tx, result.row.order_id);
      return { id, status: result.row.status, order_status: order?.status ?? null };
    });
  }

  /**
   * pending | approved → rejected; an order waiting for this prescription (pending_review) is cancelled and refunded
   * through the order machine in the same transaction, and the patient is told.
   */
  async reject(doctorId: number, id: number, reason: string): Promise<ConsultationDecision> {
    return this.repo.transaction(async (tx) => {
      const result = await this.repo.transition(tx, doctorId, id, ['pending', 'approved'], 'rejected', reason);
      if (!result.ok) throw this.refusal('reject', id, result.status);
      const { order_id: orderId, account_id: accountId } = result.row;
      let orderStatus: string | null = null;
      let orderNo: string | null = null;
      if (orderId !== null) {
        const order = await this.repo.orderStatus(tx, orderId);
        orderStatus = order?.status ?? null;
        orderNo = order?.order_no ?? null;
        if (order?.status === 'pending_review') {
          const moved = await transitionOrder(tx, orderId, 'reject_review', {
            cancelledBy: 'review',
            set: { cancel_reason: `医生拒绝开方：${reason}` },
          });
          orderStatus = moved.to;
        }
      }
      await notify(tx, {
        accountId,
        kind: 'recipe',
        title: '问诊需求未通过',
        content:
          orderNo && orderStatus === 'cancelled'
            ? `医生拒绝为订单 ${orderNo} 开具处方：${reason}。订单已取消，款项将原路退回。`
            : `医生拒绝了您的问诊需求：${reason}`,
        link: orderId !== null ? `/patient/order?id=${orderId}` : '/patient/consultations',
      });
      return { id, status: result.row.status, order_status: orderStatus };
    });
  }

  private refusal(action: 'approve' | 'reject', id: number, status: ConsultationRow['status'] | null) {
    if (status === null) return AppError.notFound(consultationMessages.notFound, 'Consultation request not found');
    return AppError.conflict(consultationStateConflict(action, status), `Consultation request ${id} is ${status}`);
  }

  async lookupPatient(phone: string): Promise<ConsultationPatientLookup> {
    const account = await this.repo.accountByPhone(phone);
    if (!account) throw AppError.notFound(consultationMessages.accountNotFound, 'No account with this phone');
    const members = await this.repo.familyMembers(account.id);
    return { phone: String(maskPhone(account.phone)), name: account.name, members: members.map(toMember) };
  }

  /** The doctor adds a request for a patient: assigned to that doctor, pending. */
  async create(doctorId: number, accountId: number, body: ConsultationCreateBody): Promise<number> {
    const patient = await this.repo.accountByPhone(body.phone);
    if (!patient) throw AppError.badParams('phone', consultationMessages.accountNotFound);
    const [member] = await this.repo.familyMembers(patient.id, body.family_member_id);
    if (!member) throw AppError.badParams('family_member_id', consultationMessages.memberNotFound);
    if (!(await this.repo.activePharmacy(body.pharmacy_id)))
      throw AppError.badParams('pharmacy_id', consultationMessages.pharmacyNotFound);
    const products = await this.repo.products(body.wanted_items.map((w) => w.product_id));
    const byId = new Map(products.map((p) => [p.id, p]));
    const missing = body.wanted_items.find((w) => !byId.has(w.product_id));
    if (missing) throw AppError.badParams('wanted_items', consultationMessages.productNotFound);
    return this.repo.insert({
      pharmacyId: body.pharmacy_id,
      accountId: patient.id,
      familyMemberId: member.id,
      doctorId,
      createdBy: accountId,
      patientName: member.name,
      patientGender: member.gender ?? '',
      patientAge: memberAge(member.birthday, member.id_number),
      description: body.description,
      wantedItems: body.wanted_items.map((w) => {
        const p = byId.get(w.product_id)!;
        return { product_id: p.id, name: p.name, generic_name: p.generic_name, spec: p.spec, type: p.type, qty: w.qty };
      }),
      images: body.images,
    });
  }

  async mine(accountId: number, page: number, pageSize: number): Promise<PageResult<ConsultationMine>> {
    const { rows, total } = await this.repo.pageForAccount(accountId, pageSize, (page - 1) * pageSize);
    return { list: rows.map(toMine), total, page, page_size: pageSize };
  }

  /** The patient's edit, only while pending (another account's request answers like a missing one). */
  async updateMine(
    accountId: number,
    id: number,
    patch: ConsultationMineUpdateBody | { appendImage: string },
  ): Promise<ConsultationMine> {
    const applied = await this.repo.updateMine(accountId, id, { ...patch, maxImages: CONSULTATION_IMAGES_MAX });
    const row = await this.repo.findForAccount(accountId, id);
    if (!row) throw AppError.notFound(consultationMessages.notFound, 'Consultation request not found');
    if (!applied) {
      if (row.status !== 'pending')
        throw AppError.conflict(
          consultationStateConflict('update', row.status),
          `Consultation request ${id} is ${row.status}`,
        );
      throw AppError.badParams('images', `图片最多 ${CONSULTATION_IMAGES_MAX} 张`);
    }
    return toMine(row);
  }

  /** Checks the request is the patient's and still pending before an upload is stored. */
  async assertEditable(accountId: number, id: number): Promise<void> {
    const row = await this.repo.findForAccount(accountId, id);
    if (!row) throw AppError.notFound(consultationMessages.notFound, 'Consultation request not found');
    if (row.status !== 'pending')
      throw AppError.conflict(
        consultationStateConflict('update', row.status),
        `Consultation request ${id} is ${row.status}`,
      );
    if (row.images.length >= CONSULTATION_IMAGES_MAX)
      throw AppError.badParams('file', `图片最多 ${CONSULTATION_IMAGES_MAX} 张`);
  }
}
