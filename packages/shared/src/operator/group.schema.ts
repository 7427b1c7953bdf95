import { z } from 'zod';
import { productTypes } from '../catalogue/product.schema';
import { idNumber, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

// Operator: 集团管理 (issue 17, docs/operator.md). A group (table pharmacy_group) is a chain of pharmacies; a pharmacy
// is in at most one group (pharmacy.group_id). `pharmacy cross`: a grouped pharmacy with cross_group on offers its
// on-shelf quotes to the other pharmacies of its group, whose staff read them (read-only) on /pharmacy/quote.

/** The window of a group's figures: the last 30 Shanghai days, today included. */
export const GROUP_FIGURE_DAYS = 30;
/** How many pharmacies one 添加药店 call may name. */
export const GROUP_MEMBERS_MAX = 50;

export const groupMessages = {
  notFound: '集团不存在或已删除',
  nameTaken: '集团名称已存在',
  notEmpty: '集团下还有药店，请先移除全部药店再删除',
  pharmacyNotFound: '药店不存在',
  /** `{name}` is the pharmacy, `{group}` the group it already belongs to. */
  inOtherGroup: (name: string, group: string) => `${name} 已属于「${group}」，一个药店只能加入一个集团`,
  notMember: '该药店不在此集团中',
} as const;

const groupName = z
  .string({ error: '请输入集团名称' })
  .trim()
  .min(1, { error: '请输入集团名称' })
  .max(100, { error: '集团名称最多 100 字' });
const groupRemark = z.string({ error: '备注须为文字' }).trim().max(500, { error: '备注最多 500 字' });

/** 新建集团 / 编辑 (rename and remark). */
export const groupBodySchema = z.object({
  name: groupName,
  remark: groupRemark.default(''),
});
export type GroupBody = z.infer<typeof groupBodySchema>;

export const groupListQuerySchema = pageQuerySchema.extend({
  /** The group's name contains this. */
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

/** The figures of a group or of one of its pharmacies (money as decimal strings). */
const figures = {
  /** Orders created in the window (not deleted), any status. */
  order_count: z.number().int(),
  /** The pay amount of those orders that were paid and not cancelled. */
  gmv: z.string(),
  /** Members (viper rows): for a group, distinct accounts over its pharmacies. */
  member_count: z.number().int(),
};

export const groupListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  pharmacy_count: z.number().int(),
  /** Member pharmacies with cross_group on. */
  cross_count: z.number().int(),
  ...figures,
  created_at: z.string(),
});
export type GroupListItem = z.infer<typeof groupListItemSchema>;

export const groupListResultSchema = z.object({
  list: z.array(groupListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The first day (Shanghai, YYYY-MM-DD) of the figures' window; it ends now. */
  since: z.string(),
});
export type GroupListResult = z.infer<typeof groupListResultSchema>;

export const pharmacyStatusesForGroup = ['pending', 'active', 'rejected', 'suspended'] as const;
export const groupPharmacyStatusLabels: Record<(typeof pharmacyStatusesForGroup)[number], string> = {
  pending: '待审核',
  active: '已入驻',
  rejected: '未通过',
  suspended: '已暂停',
};

export const groupPharmacySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  status: z.enum(pharmacyStatusesForGroup),
  cross_group: z.boolean(),
  /** Its on-shelf quotes (what cross would offer). */
  quote_count: z.number().int(),
  ...figures,
});
export type GroupPharmacy = z.infer<typeof groupPharmacySchema>;

export const groupDetailSchema = groupListItemSchema.extend({
  since: z.string(),
  pharmacies: z.array(groupPharmacySchema),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const groupMembersBodySchema = z.object({
  pharmacy_ids: z
    .array(idNumber('药店 ID 不正确'), { error: '请选择药店' })
    .min(1, { error: '请选择药店' })
    .max(GROUP_MEMBERS_MAX, { error: `一次最多添加 ${GROUP_MEMBERS_MAX} 家药店` }),
});
export type GroupMembersBody = z.infer<typeof groupMembersBodySchema>;

export const groupMemberParamsSchema = z.object({ id: idTextSchema, pharmacyId: idTextSchema });

export const groupCrossBodySchema = z.object({
  cross_group: z.boolean({ error: '请选择是否开启集团共享' }),
});
export type GroupCrossBody = z.infer<typeof groupCrossBodySchema>;

/** The pharmacies the 添加药店 dialog offers: by name; those in a group say which. */
export const groupPharmacyOptionsQuerySchema = z.object({
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
});
export type GroupPharmacyOptionsQuery = z.infer<typeof groupPharmacyOptionsQuerySchema>;

export const groupPharmacyOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  status: z.enum(pharmacyStatusesForGroup),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
});
export type GroupPharmacyOption = z.infer<typeof groupPharmacyOptionSchema>;

// ---------------------------------------------------------------- the pharmacy side: 集团共享报价

export const crossQuoteQuerySchema = pageQuerySchema.extend({
  /** Product name, generic name, approval number or barcode contains this. */
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional().catch(undefined),
  /** One of the offering pharmacies. */
  pharmacy_id: idTextSchema.optional().catch(undefined),
});
export type CrossQuoteQuery = z.infer<typeof crossQuoteQuerySchema>;

export const crossQuoteSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  generic_name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  approval_no: z.string(),
  type: z.enum(productTypes),
  image: z.string().nullable(),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  price: z.string(),
  original_price: z.string().nullable(),
  stock: z.number().int(),
  updated_at: z.string(),
});
export type CrossQuote = z.infer<typeof crossQuoteSchema>;

export const crossQuoteResultSchema = z.object({
  list: z.array(crossQuoteSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The caller's pharmacy's group; null when it is in none (the list is then empty). */
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The other pharmacies of the group that share their quotes (the filter's options). */
  pharmacies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CrossQuoteResult = z.infer<typeof crossQuoteResultSchema>;
