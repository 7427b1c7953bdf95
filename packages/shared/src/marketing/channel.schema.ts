import { z } from 'zod';
import { dateSchema, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

// 渠道管理 and the mini-program code service (issue 16). See docs/marketing.md.

export const CHANNEL_RANGE_MAX_DAYS = 366;
/** The default range of the figures: the last 30 Shanghai days, today included. */
export const CHANNEL_DEFAULT_DAYS = 30;

export const channelMessages = {
  notFound: '渠道不存在',
  nameTaken: '渠道名称已存在',
  hasScans: '该渠道已有扫码记录，不能删除',
  codeNotFound: '二维码无效或已失效',
  staffNotFound: '邀请人不存在或已离职',
  rangeTooLong: `统计时间范围不能超过 ${CHANNEL_RANGE_MAX_DAYS} 天`,
  datesOrder: '结束日期不能早于开始日期',
  sceneOrStaff: '请提供 scene 或 staff',
} as const;

const channelName = z
  .string({ error: '请输入渠道名称' })
  .trim()
  .min(1, { error: '请输入渠道名称' })
  .max(50, { error: '渠道名称最多 50 字' });

/** A scene: what a channel's code carries (generated: short base36; the demo's are like pd-poster). */
export const sceneSchema = z
  .string({ error: '请提供 scene' })
  .trim()
  .min(1, { error: '请提供 scene' })
  .max(64, { error: 'scene 不正确' })
  .regex(/^[0-9A-Za-z_-]+$/, { error: 'scene 不正确' });

const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;

/** Figures of one channel over the range (Shanghai days). Money is a string with two decimals. */
export const channelFiguresSchema = z.object({
  /** channel_scan rows in range. */
  scans: z.number().int(),
  /** Scans in range that made the account a new customer (channel_scan.new_member = 1). */
  new_members: z.number().int(),
  /** Paid orders (paid_at in range, not cancelled) of customers whose customer_info.channel_id is the channel. */
  orders: z.number().int(),
  amount: z.string(),
});
export type ChannelFigures = z.infer<typeof channelFiguresSchema>;

export const channelSchema = channelFiguresSchema.extend({
  id: z.number().int(),
  name: z.string(),
  scene: z.string(),
  /** The path the code opens (patientLinks.channel(scene)); the console prefixes its origin. */
  link: z.string(),
  created_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelListQuerySchema = pageQuerySchema
  .extend({
    keyword: z.string().trim().max(50).optional().catch(undefined),
    date_from: dateSchema.optional(),
    date_to: dateSchema.optional(),
  })
  .refine(datesInOrder, { path: ['date_to'], error: channelMessages.datesOrder });
export type ChannelListQuery = z.infer<typeof channelListQuerySchema>;

export const channelListSchema = z.object({
  list: z.array(channelSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The range the figures cover (the defaults filled in). */
  date_from: z.string(),
  date_to: z.string(),
  /** Sums over every channel of the pharmacy matching the keyword (not only this page). */
  totals: channelFiguresSchema,
});
export type ChannelList = z.infer<typeof channelListSchema>;

export const channelBodySchema = z.object({ name: channelName });
export type ChannelBody = z.infer<typeof channelBodySchema>;

// ---------------------------------------------------------------- mp/manager/qrcode/wxa

export const wxaCodeQuerySchema = z.object({ scene: sceneSchema });

/** A code's target: a channel's scene or a staff member's id (pharmacy_member id). Exactly one. */
export const wxaTargetSchema = z
  .object({
    scene: sceneSchema.optional(),
    staff: idTextSchema.optional(),
  })
  .refine((v) => (v.scene === undefined) !== (v.staff === undefined), {
    path: ['scene'],
    error: channelMessages.sceneOrStaff,
  });
export type WxaTarget = z.infer<typeof wxaTargetSchema>;

/** What the landing page shows before the patient joins. */
export const wxaPreviewSchema = z.object({
  kind: z.enum(['channel', 'staff']),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  pharmacy_logo: z.string(),
  /** The channel's name (kind channel). */
  channel_name: z.string().nullable(),
  /** The inviting member's name (kind staff). */
  staff_name: z.string().nullable(),
  /** Whether the signed-in account is already a customer of the pharmacy. */
  is_customer: z.boolean(),
});
export type WxaPreview = z.infer<typeof wxaPreviewSchema>;

export const wxaBindResultSchema = z.object({
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  /** True when this call made the account a customer; false when it already was one (nothing changed). */
  joined: z.boolean(),
});
export type WxaBindResult = z.infer<typeof wxaBindResultSchema>;
