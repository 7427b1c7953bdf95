import {
  INSPECTION_TAKEN_MESSAGE,
  type InspectBody,
  type InspectionDetail,
  type InspectionListQuery,
  type InspectionListResult,
  type InspectResult,
  inspectionRejectLabel,
  type RecipeCheckResult,
} from '@pharmacy/shared';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notify';
import { transitionOrder } from '../../lib/order-state';
import type { InspectionRepository, RecipeRecordRow } from './inspection.repository';
import { tabCounts } from './inspection.repository';
import { checkRecipeItems, recipeCheckUnavailable } from './recipe-check';

export const RECIPE_NOT_FOUND = '处方不存在';
export const AIDS_UNAVAILABLE = '审方辅助检查暂时无法运行，请人工核对过敏史、重复用药与用量';

/** What the decision did, for the route's audit entry. */
export interface InspectOutcome extends InspectResult {
  recipe_no: string;
}

/** The pharmacist's inspection (docs/clinical.md "Inspection"). */
export class InspectionService {
  constructor(
    private readonly db: Database,
    private readonly repo: InspectionRepository,
  ) {}

  async list(pharmacyId: number, query: InspectionListQuery): Promise<InspectionListResult> {
    const { rows, counts } = await this.repo.page(pharmacyId, query);
    const tabs = tabCounts(counts);
    return {
      list: rows,
      total: tabs[query.status],
      page: query.page,
      page_size: query.page_size,
      counts: tabs,
    };
  }

  /** The inspection aids run again now; a failure answers `unavailable`, never an empty `ok`. */
  async aids(db: DbExecutor, row: RecipeRecordRow): Promise<RecipeCheckResult> {
    try {
      const items = row.items.map((i) => ({
        product_id: i.product_id,
        dose_amount: i.dose_amount,
        dose_unit: i.dose_unit,
        frequency: i.frequency,
        route: i.route,
        days: i.days,
        qty: i.qty,
      }));
      const { result } = await checkRecipeItems(
        db,
        items,
        { age: row.patient_age, weight_kg: row.patient_weight_kg, allergies: row.allergies },
        // a product taken off the catalogue since the doctor wrote is still checked
        { allowInactive: true },
      );
      return result;
    } catch (error) {
      // a line whose product is gone, or anything else: the dialog says the checks did not run, and why
      const why = error instanceof AppError ? error.msg : '';
      return {
        status: 'unavailable',
        warnings: [],
        message: why ? recipeCheckUnavailable(why) : AIDS_UNAVAILABLE,
      };
    }
  }

  async detail(pharmacyId: number, id: number): Promise<InspectionDetail> {
    const row = await this.repo.record(this.db, pharmacyId, id);
    if (!row) throw AppError.notFound(RECIPE_NOT_FOUND);
    const [order, inspections, aids] = await Promise.all([
      row.order_id === null ? Promise.resolve(null) : this.repo.order(this.db, pharmacyId, row.order_id),
      this.repo.inspections(this.db, row.id),
      this.aids(this.db, row),
    ]);
    return {
      id: row.id,
      recipe_no: row.recipe_no,
      status: row.status,
      patient_name: row.patient_name,
      patient_gender: row.patient_gender,
      patient_age: row.patient_age,
      diagnoses: row.diagnoses,
      items_text: row.items.map((i) => `${i.name} ×${i.qty}`).join('、'),
      item_count: row.items.length,
      warning_count: row.warnings.length,
      doctor_name: row.doctor_name,
      pharmacy_id: row.pharmacy_id,
      pharmacy_name: row.pharmacy_name,
      order_id: row.order_id,
      order_no: row.order_no,
      created_at: row.created_at,
      inspected_at: row.inspected_at,
      patient: {
        family_member_id: row.family_member_id,
        name: row.patient_name,
        gender: row.patient_gender,
        age: row.patient_age,
        weight_kg: row.patient_weight_kg,
        allergy_history: row.allergies,
        family_medical_history: row.family_medical_history ?? [],
        past_medical_history: row.past_medical_history ?? [],
      },
      items: row.items.map((i) => ({
        product_id: i.product_id,
        dose_amount: String(i.dose_amount),
        dose_unit: i.dose_unit,
        frequency: i.frequency,
        route: i.route,
        days: i.days,
        qty: i.qty,
        name: i.name ?? '',
        generic_name: i.generic_name ?? '',
        spec: i.spec ?? '',
        type: i.type ?? '',
        manufacturer: i.manufacturer ?? '',
      })),
      warnings: row.warnings.map((w) => ({ ...w, override_reason: w.override_reason ?? '' })),
      images: row.images,
      signature_url: row.signature_url || row.doctor_signature_url,
      doctor: {
        id: row.doctor_id,
        name: row.doctor_name,
        hospital: row.doctor_hospital,
        department: row.doctor_department,
        title: row.doctor_title,
        licence_no: row.doctor_licence_no,
        signature_url: row.doctor_signature_url,
      },
      consultation_request_id: row.consultation_request_id,
      pharmacist_name: row.pharmacist_name,
      reject_code: row.reject_code,
      reject_reason: row.reject_reason,
      inspections,
      order,
      aids,
    };
  }

  /**
   * The decision, in one transaction: the guarded update of the prescription (one winner), the inspection record, the
   * order moved on (approve → pending_shipment; reject → cancelled, stock returned, refunded), the doctor and the
   * patient told.
   */
  async inspect(pharmacyId: number, pharmacistId: number, id: number, body: InspectBody): Promise<InspectOutcome> {
    const approve = body.decision === 'approve';
    const rejectCode = approve ? '' : (body.reject_code ?? 'other');
    const reason = approve ? '' : body.reason;
    const label = approve ? '' : inspectionRejectLabel(rejectCode);
    const reasonText = approve ? '' : reason ? `${label}：${reason}` : label;

    return this.db.transaction(async (tx: Transaction) => {
      const decided = await this.repo.decide(tx, {
        pharmacyId,
        id,
        to: approve ? 'approved' : 'rejected',
        pharmacistId,
        rejectCode,
        reason,
      });
      if (!decided) {
        const status = await this.repo.status(tx, pharmacyId, id);
        if (status === null) throw AppError.notFound(RECIPE_NOT_FOUND);
        if (status === 'void') throw AppError.conflict('处方已作废，无法审核', `Recipe ${id} is void`);
        throw AppError.conflict(INSPECTION_TAKEN_MESSAGE, `Recipe ${id} is ${status}`);
      }
      const row = (await this.repo.record(tx, pharmacyId, id))!;

      let orderStatus: string | null = null;
      if (row.order_id !== null) {
        const current = await this.repo.lockOrder(tx, pharmacyId, row.order_id);
        orderStatus = current;
        if (current === 'pending_review') {
          const moved = approve
            ? await transitionOrder(tx, row.order_id, 'approve_review', { pharmacyId, set: { recipe_id: row.id } })
            : await transitionOrder(tx, row.order_id, 'reject_review', {
                pharmacyId,
                cancelledBy: 'review',
                set: { cancel_reason: `处方审核未通过：${label}`, recipe_id: row.id },
              });
          orderStatus = moved.to;
        }
      }

      await this.repo.insertInspection(tx, {
        recipeId: row.id,
        pharmacyId,
        pharmacistId,
        decision: body.decision,
        rejectCode,
        reason,
        shown: { ...body.shown, order_id: row.order_id, order_status: orderStatus },
      });

      await notify(tx, {
        accountId: row.doctor_account_id,
        kind: 'recipe',
        title: approve ? '处方审核通过' : '处方审核未通过',
        content: approve
          ? `处方 ${row.recipe_no}（患者 ${row.patient_name}）已由 ${row.pharmacy_name} 药师审核通过。`
          : `处方 ${row.recipe_no}（患者 ${row.patient_name}）被 ${row.pharmacy_name} 药师驳回，原因：${reasonText}。`,
        link: `/doctor/prescription?recipe_no=${encodeURIComponent(row.recipe_no)}`,
        senderId: pharmacistId,
      });
      const orderMoved = row.order_id !== null && orderStatus !== null;
      await notify(tx, {
        accountId: row.account_id,
        kind: 'order',
        title: approve ? '处方审核通过' : '处方审核未通过',
        content: approve
          ? orderMoved && orderStatus === 'pending_shipment'
            ? `您的订单 ${row.order_no} 的处方已审核通过，药房将尽快发货。`
            : `您的处方 ${row.recipe_no} 已审核通过。`
          : orderMoved && orderStatus === 'cancelled'
            ? `您的订单 ${row.order_no} 的处方未通过审核（${label}），订单已取消，款项将原路退回。`
            : `您的处方 ${row.recipe_no} 未通过审核（${label}）。`,
        link: row.order_id !== null ? `/patient/order?id=${row.order_id}` : null,
        senderId: pharmacistId,
      });

      return {
        id: row.id,
        status: approve ? 'approved' : 'rejected',
        order_id: row.order_id,
        order_status: orderStatus,
        recipe_no: decided.recipe_no,
      } satisfies InspectOutcome;
    });
  }
}
