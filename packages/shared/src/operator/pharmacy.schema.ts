import { z } from 'zod';
import { idTextSchema, mobilePhoneSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { pharmacyRoles } from '../common/roles';
import {
  expiryStates,
  isContactPhone,
  type QualificationKind,
  qualificationBodySchema,
  qualificationKinds,
  qualificationSchema,
} from '../pharmacy-settings/pharmacy-settings.schema';

// Operator: 药店管理 (issue 17 part "pharmacy", docs/operator.md). Onboarding: an application (pending) is approved
// (active) once every required qualification is checked on the operator's checklist, or rejected with a reason; an
// active pharmacy may be suspended with a reason and resumed. Each change is one guarded UPDATE on the expected status.
// While a pharmacy is not active its quotes leave the public site and its staff are refused on every pharmacy route
// with the status message and the reason (they can still sign in, choose it and read pharmacy/me).

export const adminPharmacyStatuses = ['pending', 'active', 'suspended', 'rejected'] as const;
export type AdminPharmacyStatus = (typeof adminPharmacyStatuses)[number];
/** The operator's tab names (待审核, 已入驻, 已暂停, 未通过). */
export const adminPharmacyStatusLabels: Record<AdminPharmacyStatus, string> = {
  pending: '待审核',
  active: '已入驻',
  suspended: '已暂停',
  rejected: '未通过',
};
export const adminPharmacyTabs = ['all', ...adminPharmacyStatuses] as const;
export type AdminPharmacyTab = (typeof adminPharmacyTabs)[number];

/**
 * The documents an application must carry, each checked by the operator before approval: the business licence, the
 * drug trade licence and the internet drug information certificate (an online pharmacy shows drug information).
 * GSP certificates are no longer issued (2019), so they are not required.
 */
export const requiredQualificationKinds = [
  'business_licence',
  'drug_trade_licence',
  'internet_drug_info',
] as const satisfies readonly QualificationKind[];

export const PHARMACY_REASON_MAX = 200;

export const adminPharmacyMessages = {
  notFound: '药店不存在',
  /** `{labels}`: the unchecked required documents. */
  checklistIncomplete: (labels: string[]) => `请先核对全部必需资质：${labels.join('、')}`,
  noDocument: '该药店尚未上传此类资质，无法勾选',
  notPending: '只有待审核的申请可以核对资质',
  notPendingApprove: '只有待审核的申请可以通过',
  notPendingReject: '只有待审核的申请可以驳回',
  notActive: '只有已入驻的药店可以暂停',
  notSuspended: '只有已暂停的药店可以恢复',
  nameTaken: '已存在同名药店',
  reasonRequired: '请填写原因',
} as const;

/** Half of a surrogate pair on its own: no character at all (the database's JSON refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isWellFormedText = (v: string) => !LONE_SURROGATE.test(v);

const reason = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .max(PHARMACY_REASON_MAX, { error: `${label}最多 ${PHARMACY_REASON_MAX} 字` })
    .refine(isWellFormedText, { error: `${label}含有无法识别的字符` });

// ---------------------------------------------------------------- list

export const adminPharmacyListQuerySchema = pageQuerySchema.extend({
  status: z.enum(adminPharmacyTabs).catch('all').default('all'),
  /** The pharmacy's name contains this. */
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
  city: z.string().trim().max(32, { error: '城市最多 32 字' }).optional().catch(undefined),
  group_id: idTextSchema.optional().catch(undefined),
  /**
   * 1: pharmacies with a qualification document or the drug licence expired or expiring within 6 months (Shanghai
   * day): the dashboard's figure links here with `expiring=1` and equals this list's total.
   */
  expiring: z
    .enum(['0', '1'])
    .optional()
    .catch(undefined)
    .transform((v) => v === '1'),
});
export type AdminPharmacyListQuery = z.infer<typeof adminPharmacyListQuerySchema>;

export const adminPharmacyListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  status: z.enum(adminPharmacyStatuses),
  status_reason: z.string(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  owner_name: z.string(),
  /** Masked (138****0021). */
  owner_phone: z.string(),
  staff_count: z.number().int(),
  /** On-shelf quotes. */
  quote_count: z.number().int(),
  /** Documents already expired, and expiring within the window (drug licence included). */
  expired_count: z.number().int(),
  expiring_count: z.number().int(),
  applied_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPharmacyListItem = z.infer<typeof adminPharmacyListItemSchema>;

export const adminPharmacyListResultSchema = z.object({
  list: z.array(adminPharmacyListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Per tab, under the other filters. */
  counts: z.record(z.enum(adminPharmacyTabs), z.number().int()),
  /** The Shanghai day and the window (months) the expiry figures were computed on. */
  today: z.string(),
  months: z.number().int(),
});
export type AdminPharmacyListResult = z.infer<typeof adminPharmacyListResultSchema>;

export const adminPharmacyFiltersSchema = z.object({
  cities: z.array(z.string()),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminPharmacyFilters = z.infer<typeof adminPharmacyFiltersSchema>;

// ---------------------------------------------------------------- detail

export const adminPharmacyChecklistItemSchema = z.object({
  kind: z.enum(qualificationKinds),
  label: z.string(),
  checked: z.boolean(),
  /** A document of this kind is on file (only then can it be checked). */
  has_document: z.boolean(),
});
export type AdminPharmacyChecklistItem = z.infer<typeof adminPharmacyChecklistItemSchema>;

export const adminPharmacyStaffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(pharmacyRoles),
  status: z.enum(['active', 'disabled']),
  created_at: z.string(),
});
export type AdminPharmacyStaff = z.infer<typeof adminPharmacyStaffSchema>;

export const adminPharmacyDetailSchema = adminPharmacyListItemSchema.extend({
  address: z.string(),
  phone: z.string(),
  business_hours: z.string(),
  business_licence_no: z.string(),
  drug_licence_no: z.string(),
  drug_licence_expire_at: z.string().nullable(),
  drug_licence_state: z.enum(expiryStates),
  aptitude_images: z.array(z.string()),
  cross_group: z.boolean(),
  reviewer_name: z.string(),
  checklist: z.array(adminPharmacyChecklistItemSchema),
  /** Every required document checked: 通过 is allowed. */
  checklist_complete: z.boolean(),
  qualifications: z.array(qualificationSchema),
  staff: z.array(adminPharmacyStaffSchema),
  today: z.string(),
  months: z.number().int(),
});
export type AdminPharmacyDetail = z.infer<typeof adminPharmacyDetailSchema>;

// ---------------------------------------------------------------- decisions

export const adminPharmacyChecklistBodySchema = z.object({
  kind: z.enum(qualificationKinds, { error: '资质类型不正确' }),
  checked: z.boolean({ error: '请选择是否核对通过' }),
});
export type AdminPharmacyChecklistBody = z.infer<typeof adminPharmacyChecklistBodySchema>;

export const adminPharmacyReasonBodySchema = z.object({ reason: reason('原因') });
export type AdminPharmacyReasonBody = z.infer<typeof adminPharmacyReasonBodySchema>;

// ---------------------------------------------------------------- 新增药店

const text = (label: string, max: number, required = true) => {
  const base = z.string({ error: `请输入${label}` }).trim();
  const bounded = (required ? base.min(1, { error: `请输入${label}` }) : base)
    .max(max, { error: `${label}最多 ${max} 字` })
    .refine(isWellFormedText, { error: `${label}含有无法识别的字符` });
  return required ? bounded : bounded.default('');
};

export const ADMIN_PHARMACY_QUALIFICATIONS_MAX = 10;

/** The operator enters an application for a new pharmacy; the owner's account is created when missing. */
export const adminPharmacyCreateBodySchema = z.object({
  name: text('药店名称', 100),
  province: text('省份', 32),
  city: text('城市', 32),
  district: text('区县', 32),
  address: text('详细地址', 200),
  phone: z
    .string({ error: '请输入药店电话' })
    .trim()
    .min(1, { error: '请输入药店电话' })
    .refine(isContactPhone, { error: '药店电话格式不正确，如 0571-87651234' }),
  business_hours: text('营业时间', 64, false),
  owner_phone: mobilePhoneSchema,
  owner_name: text('店主姓名', 50),
  qualifications: z
    .array(qualificationBodySchema)
    .max(ADMIN_PHARMACY_QUALIFICATIONS_MAX, { error: `最多 ${ADMIN_PHARMACY_QUALIFICATIONS_MAX} 份资质` })
    .default([]),
});
export type AdminPharmacyCreateBody = z.input<typeof adminPharmacyCreateBodySchema>;
