import { z } from 'zod';
import { moneySchema, productTypes } from '../catalogue/product.schema';
import { idNumber } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { MOBILE_PHONE_PATTERN } from '../common/rules/phone';
import { patientComboSchema } from '../orders/patient-catalog.contracts';

// Share packages (分享套餐, issue 16): a staff member shares quotes, a combo or a live class with one recipient phone;
// a manager reviews it; only the recipient (the signed-in account whose phone is recipient_phone) may open it.

export const shareKinds = ['items', 'combo', 'live'] as const;
export type ShareKind = (typeof shareKinds)[number];
export const shareKindLabels: Record<ShareKind, string> = { items: '商品', combo: '套餐', live: '直播课' };

export const shareStatuses = ['pending', 'approved', 'rejected'] as const;
export type ShareStatus = (typeof shareStatuses)[number];
export const shareStatusLabels: Record<ShareStatus, string> = {
  pending: '待审核',
  approved: '审核通过',
  rejected: '已驳回',
};

export const shareTabs = ['all', ...shareStatuses] as const;
export type ShareTab = (typeof shareTabs)[number];
export const shareTabLabels: Record<ShareTab, string> = { all: '全部', ...shareStatusLabels };

export const SHARE_TITLE_MAX = 50;
export const SHARE_MESSAGE_MAX = 200;
export const SHARE_ITEMS_MAX = 20;
export const SHARE_QTY_MAX = 99;
export const SHARE_REASON_MAX = 200;

export const shareMessages = {
  kind: '请选择分享类型',
  titleRequired: '请输入分享标题',
  titleTooLong: `分享标题最多 ${SHARE_TITLE_MAX} 字`,
  messageTooLong: `分享语最多 ${SHARE_MESSAGE_MAX} 字`,
  phoneRequired: '请输入被分享人手机号',
  phoneFormat: '被分享人手机号格式不正确',
  itemsRequired: '请至少选择 1 种商品',
  tooManyItems: `最多分享 ${SHARE_ITEMS_MAX} 种商品`,
  quoteRequired: '请选择商品',
  qty: `数量须为 1–${SHARE_QTY_MAX} 的整数`,
  duplicate: '同一商品不能重复添加',
  comboRequired: '请选择套餐',
  liveRequired: '请选择直播课',
  quoteMissing: '商品不存在、不属于本药店或已下架',
  comboMissing: '套餐不存在或未上架',
  liveMissing: '直播课不存在或未发布',
  notFound: '分享不存在',
  notOpenable: '分享不存在或未通过审核',
  notPending: '该分享已被审核，请刷新后查看',
  notEditable: '审核通过的分享不能修改',
  reasonRequired: '请输入驳回原因',
  reasonTooLong: `驳回原因最多 ${SHARE_REASON_MAX} 字`,
} as const;

/** The recipient's phone: the spec's mobile rule (§5), with a message naming the field. */
export const recipientPhoneSchema = z
  .string({ error: shareMessages.phoneRequired })
  .trim()
  .min(1, { error: shareMessages.phoneRequired })
  .regex(MOBILE_PHONE_PATTERN, { error: shareMessages.phoneFormat });

export const shareItemInputSchema = z.object({
  quote_id: idNumber(shareMessages.quoteRequired),
  qty: z
    .number({ error: shareMessages.qty })
    .int({ error: shareMessages.qty })
    .min(1, { error: shareMessages.qty })
    .max(SHARE_QTY_MAX, { error: shareMessages.qty }),
});
export type ShareItemInput = z.infer<typeof shareItemInputSchema>;

const shareContentShape = {
  kind: z.enum(shareKinds, { error: shareMessages.kind }),
  title: z
    .string({ error: shareMessages.titleRequired })
    .trim()
    .min(1, { error: shareMessages.titleRequired })
    .max(SHARE_TITLE_MAX, { error: shareMessages.titleTooLong }),
  message: z.string().trim().max(SHARE_MESSAGE_MAX, { error: shareMessages.messageTooLong }).optional(),
  /** kind items: 1–20 quotes of the pharmacy, on shelf, qty 1–99 each. */
  items: z.array(shareItemInputSchema).max(SHARE_ITEMS_MAX, { error: shareMessages.tooManyItems }).optional(),
  /** kind combo: a combo (quote_set) of the pharmacy, on sale. */
  quote_set_id: idNumber(shareMessages.comboRequired).nullish(),
  /** kind live: a live class of the pharmacy, not a draft. */
  live_id: idNumber(shareMessages.liveRequired).nullish(),
};

/** The kind names what the share holds: the field of that kind is required (the others are ignored). */
function refineContent(
  body: { kind: ShareKind; items?: ShareItemInput[]; quote_set_id?: number | null; live_id?: number | null },
  ctx: z.RefinementCtx,
) {
  if (body.kind === 'items') {
    const items = body.items ?? [];
    if (items.length === 0) ctx.addIssue({ code: 'custom', message: shareMessages.itemsRequired, path: ['items'] });
    const seen = new Set<number>();
    items.forEach((item, i) => {
      if (seen.has(item.quote_id)) {
        ctx.addIssue({ code: 'custom', message: shareMessages.duplicate, path: ['items', i, 'quote_id'] });
      }
      seen.add(item.quote_id);
    });
  } else if (body.kind === 'combo' && !body.quote_set_id) {
    ctx.addIssue({ code: 'custom', message: shareMessages.comboRequired, path: ['quote_set_id'] });
  } else if (body.kind === 'live' && !body.live_id) {
    ctx.addIssue({ code: 'custom', message: shareMessages.liveRequired, path: ['live_id'] });
  }
}

/** POST /share: what is shared, with whom. */
export const shareCreateBodySchema = z
  .object({ ...shareContentShape, recipient_phone: recipientPhoneSchema })
  .superRefine(refineContent);
export type ShareCreateBody = z.infer<typeof shareCreateBodySchema>;

/** PUT /share/:id: the content of a pending or rejected share (the phone changes through PUT /share/phone/:id). */
export const shareUpdateBodySchema = z.object(shareContentShape).superRefine(refineContent);
export type ShareUpdateBody = z.infer<typeof shareUpdateBodySchema>;

export const sharePhoneBodySchema = z.object({ recipient_phone: recipientPhoneSchema });
export type SharePhoneBody = z.infer<typeof sharePhoneBodySchema>;

export const shareRejectBodySchema = z.object({
  reason: z
    .string({ error: shareMessages.reasonRequired })
    .trim()
    .min(1, { error: shareMessages.reasonRequired })
    .max(SHARE_REASON_MAX, { error: shareMessages.reasonTooLong }),
});
export type ShareRejectBody = z.infer<typeof shareRejectBodySchema>;

export const shareListQuerySchema = pageQuerySchema.extend({
  status: z.enum(shareTabs).catch('all').default('all'),
  kind: z.enum(shareKinds).optional().catch(undefined),
  /** The title's words, or the recipient's phone (exact, or its last 4 digits). */
  keyword: z.string().trim().max(50, { error: '关键词最多 50 字' }).optional(),
});
export type ShareListQuery = z.infer<typeof shareListQuerySchema>;

/** One quote of a share as the console shows it (today's name, price and state). */
export const shareItemSchema = z.object({
  quote_id: z.number().int(),
  qty: z.number().int(),
  name: z.string(),
  spec: z.string(),
  price: moneySchema,
  on_shelf: z.boolean(),
});
export type ShareItem = z.infer<typeof shareItemSchema>;

export const shareSchema = z.object({
  id: z.number().int(),
  kind: z.enum(shareKinds),
  title: z.string(),
  message: z.string(),
  items: z.array(shareItemSchema),
  quote_set_id: z.number().int().nullable(),
  quote_set_name: z.string().nullable(),
  live_id: z.number().int().nullable(),
  live_title: z.string().nullable(),
  /** What is shared, in one line (e.g. 阿莫西林胶囊×2、布洛芬缓释胶囊×1). */
  summary: z.string(),
  /** Masked (138****0001): staff lists never show the recipient's full number. */
  recipient_phone: z.string(),
  sharer_account_id: z.number().int().nullable(),
  sharer_name: z.string(),
  /** The caller shared it (may edit it while pending or rejected; managers may edit any). */
  is_mine: z.boolean(),
  status: z.enum(shareStatuses),
  reject_reason: z.string(),
  reviewer_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  open_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

export const shareListSchema = z.object({
  list: z.array(shareSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Tab counts of the shares the caller sees (all / pending / approved / rejected), whatever the other filters. */
  counts: z.object({
    all: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
});
export type ShareList = z.infer<typeof shareListSchema>;

/** What the create dialog picks from besides quotes: the pharmacy's combos on sale and its published lives. */
export const shareOptionsSchema = z.object({
  combos: z.array(z.object({ id: z.number().int(), name: z.string(), price: moneySchema })),
  lives: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      status: z.enum(['scheduled', 'live', 'ended']),
      start_at: z.string(),
    }),
  ),
});
export type ShareOptions = z.infer<typeof shareOptionsSchema>;

// ---------------------------------------------------------------- the recipient's page (/patient/share?id=)

export const shareOpenItemSchema = z.object({
  quote_id: z.number().int(),
  qty: z.number().int(),
  name: z.string(),
  spec: z.string(),
  type: z.enum(productTypes),
  image: z.string().nullable(),
  price: moneySchema,
  stock: z.number().int(),
  on_shelf: z.boolean(),
});
export type ShareOpenItem = z.infer<typeof shareOpenItemSchema>;

export const shareOpenLiveSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover_url: z.string(),
  lecturer: z.string(),
  intro: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(['draft', 'scheduled', 'live', 'ended']),
  /** The recipient is enrolled in a camp period holding the live: the watch page opens it. */
  enrolled: z.boolean(),
  /** /patient/live/watch?id= when enrolled, else null. */
  watch_path: z.string().nullable(),
  /** /patient/live/period?id= of the newest camp period holding the live (to enrol), or null when none does. */
  period_path: z.string().nullable(),
});
export type ShareOpenLive = z.infer<typeof shareOpenLiveSchema>;

export const shareOpenSchema = z.object({
  id: z.number().int(),
  kind: z.enum(shareKinds),
  title: z.string(),
  message: z.string(),
  sharer_name: z.string(),
  pharmacy: z.object({
    id: z.number().int(),
    name: z.string(),
    logo_url: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  /** kind items: the quotes with today's price, stock and shelf state. */
  items: z.array(shareOpenItemSchema),
  /** kind combo: the combo with its items and price (available 0 when off sale or sold out). */
  combo: patientComboSchema.extend({ on_sale: z.boolean() }).nullable(),
  /** kind live. */
  live: shareOpenLiveSchema.nullable(),
});
export type ShareOpen = z.infer<typeof shareOpenSchema>;
