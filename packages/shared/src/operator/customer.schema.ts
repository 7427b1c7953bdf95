import { z } from 'zod';
import { dateSchema, ID_MAX } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { memberAddressSchema, memberFamilySchema } from '../members/member.schema';

// Operator 会员管理 (/website/customer, key `viper`, issue 17): the platform's members — every account that is a
// member (viper row) of at least one pharmacy — with their pharmacies, orders and prescriptions across the platform;
// the customer card (`admin/customer_info/{id}`, id = the account's id); the audited reveal of the full phone.
// Names carry an `admin` prefix: the marketing module's customer schemas use the plain ones.

export const ADMIN_CUSTOMER_KEYWORD_MAX = 30;
/**
 * Pages are bounded: the list is paged by offset over at most this many rows of a filter (page × page_size). The
 * platform has hundreds of thousands of members; past the bound the operator narrows the search instead.
 */
export const ADMIN_CUSTOMER_MAX_ROWS = 10_000;
/** How many of the latest orders, prescriptions and complaints the card lists (their counts are exact). */
export const ADMIN_CUSTOMER_CARD_ROWS = 20;

export const adminCustomerMessages = {
  notFound: '会员不存在',
  tooDeep: `最多查看前 ${ADMIN_CUSTOMER_MAX_ROWS} 条，请缩小筛选范围`,
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: single-line texts refuse every control character
const LINE_CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export const adminCustomerPrescriptionFilters = ['yes', 'no'] as const;
export const adminCustomerPrescriptionFilterLabels: Record<(typeof adminCustomerPrescriptionFilters)[number], string> =
  {
    yes: '有处方',
    no: '无处方',
  };

/**
 * The list's query; the same schema validates the server's querystring and the console's URL.
 * keyword: a full phone (exact), 4 digits (the phone's last four) or part of the name.
 * pharmacy_id: members of that pharmacy. joined_from…joined_to: Shanghai days, inclusive — a membership (at the
 * pharmacy filtered on, else at any) began then. has_prescription: whether the account has any prescription.
 */
export const adminCustomerListQuerySchema = pageQuerySchema
  .extend({
    keyword: z
      .string()
      .trim()
      .max(ADMIN_CUSTOMER_KEYWORD_MAX, { error: `关键词最多 ${ADMIN_CUSTOMER_KEYWORD_MAX} 个字` })
      .refine((v) => !LINE_CONTROL_CHARS.test(v), { error: '关键词包含非法字符' })
      .optional(),
    pharmacy_id: z.coerce
      .number({ error: '药店不正确' })
      .int({ error: '药店不正确' })
      .positive({ error: '药店不正确' })
      .max(ID_MAX, { error: '药店不正确' })
      .optional(),
    joined_from: dateSchema.optional(),
    joined_to: dateSchema.optional(),
    has_prescription: z.enum(adminCustomerPrescriptionFilters, { error: '处方筛选不正确' }).optional(),
  })
  .refine((q) => !(q.joined_from && q.joined_to) || q.joined_from <= q.joined_to, {
    error: '入会日期的开始日期不能晚于结束日期',
    path: ['joined_to'],
  })
  .refine((q) => (q.page - 1) * q.page_size < ADMIN_CUSTOMER_MAX_ROWS, {
    error: adminCustomerMessages.tooDeep,
    path: ['page'],
  });
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListQuerySchema>;

export const adminCustomerPharmacySchema = z.object({ id: z.number().int(), name: z.string() });

export const adminCustomerListItemSchema = z.object({
  /** The account's id: the card's id. */
  account_id: z.number().int(),
  name: z.string(),
  /** Masked (spec §5): 138****0001. */
  phone: z.string(),
  head_img_url: z.string(),
  /** The pharmacies it is a member of, the earliest membership first. */
  pharmacies: z.array(adminCustomerPharmacySchema),
  /** Its first membership's start. */
  joined_at: z.string(),
  /** Orders in any status (deleted ones not counted), across the platform. */
  order_count: z.number().int(),
  /** The sum of its paid orders that were not cancelled (refunded), as '12.50'. */
  paid_amount: z.string(),
  prescription_count: z.number().int(),
  first_order_at: z.string().nullable(),
  last_order_at: z.string().nullable(),
});
export type AdminCustomerListItem = z.infer<typeof adminCustomerListItemSchema>;

export const adminCustomerListResultSchema = z.object({
  list: z.array(adminCustomerListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminCustomerListResult = z.infer<typeof adminCustomerListResultSchema>;

/** One pharmacy's view of the customer: the membership (viper) and the CRM card (customer_info), either may be missing. */
export const adminCustomerMembershipSchema = z.object({
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  /** The viper row: null when the pharmacy has a CRM card but no membership. */
  member: z
    .object({
      level: z.number().int(),
      points: z.number().int(),
      tags: z.array(z.string()),
      joined_at: z.string(),
    })
    .nullable(),
  /** The customer_info row: null when the pharmacy has none. */
  crm: z
    .object({
      owner_name: z.string().nullable(),
      tags: z.array(z.string()),
      channel_name: z.string().nullable(),
      source: z.string(),
      last_contact_at: z.string().nullable(),
    })
    .nullable(),
});
export type AdminCustomerMembership = z.infer<typeof adminCustomerMembershipSchema>;

export const adminCustomerOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  status: z.string(),
  pay_amount: z.string(),
  created_at: z.string(),
});

export const adminCustomerPrescriptionSchema = z.object({
  id: z.number().int(),
  recipe_no: z.string(),
  pharmacy_name: z.string(),
  doctor_name: z.string(),
  patient_name: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export const adminCustomerComplaintStatusLabels: Record<string, string> = {
  pending: '待处理',
  processed: '已处理',
  rejected: '已驳回',
};
export const adminCustomerComplaintTargetLabels: Record<string, string> = {
  pharmacy: '药店',
  order: '订单',
  doctor: '医生',
  live: '直播',
};

export const adminCustomerComplaintSchema = z.object({
  id: z.number().int(),
  target_kind: z.string(),
  pharmacy_name: z.string().nullable(),
  category: z.string(),
  content: z.string(),
  status: z.string(),
  created_at: z.string(),
});

/** The customer card (`admin/customer_info/{id}`): every phone in it masked; counts exact, lists the latest rows. */
export const adminCustomerCardSchema = z.object({
  account_id: z.number().int(),
  name: z.string(),
  /** Masked; 查看完整号码 calls the audited reveal. */
  phone: z.string(),
  head_img_url: z.string(),
  status: z.string(),
  registered_at: z.string(),
  last_login_at: z.string().nullable(),
  memberships: z.array(adminCustomerMembershipSchema),
  family_members: z.array(memberFamilySchema),
  addresses: z.array(memberAddressSchema),
  order_count: z.number().int(),
  paid_amount: z.string(),
  first_order_at: z.string().nullable(),
  last_order_at: z.string().nullable(),
  orders: z.array(adminCustomerOrderSchema),
  prescription_count: z.number().int(),
  prescriptions: z.array(adminCustomerPrescriptionSchema),
  complaint_count: z.number().int(),
  complaints: z.array(adminCustomerComplaintSchema),
});
export type AdminCustomerCard = z.infer<typeof adminCustomerCardSchema>;

export const adminCustomerPhoneSchema = z.object({ phone: z.string() });
export type AdminCustomerPhone = z.infer<typeof adminCustomerPhoneSchema>;
