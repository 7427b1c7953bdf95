import { z } from 'zod';
import { idSchema, mobilePhoneSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { isSitePath } from '../common/rules/site-path';

export const messageKinds = ['system', 'order', 'recipe', 'live', 'chat'] as const;
export const messageKindLabels: Record<(typeof messageKinds)[number], string> = {
  system: '系统通知',
  order: '订单消息',
  recipe: '处方消息',
  live: '直播消息',
  chat: '聊天消息',
};

export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(messageKinds),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageReadStates = ['all', 'unread', 'read'] as const;

export const messageListQuerySchema = pageQuerySchema.extend({
  state: z.enum(messageReadStates).catch('all').default('all'),
  kind: z.enum(messageKinds).optional().catch(undefined),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });

export const markReadBodySchema = z
  .object({
    ids: z.array(idSchema).max(100, { error: '一次最多标记 100 条' }).optional(),
    all: z.boolean().optional(),
  })
  .refine((b) => b.all === true || (b.ids && b.ids.length > 0), { error: '请选择要标记的消息', path: ['ids'] });
export type MarkReadBody = z.infer<typeof markReadBodySchema>;
/** How many of the caller's messages changed state. */
export const markReadResultSchema = z.object({ updated: z.number().int() });

/** The operator sends a notification to one account, addressed by phone. */
export const sendMessageBodySchema = z.object({
  phone: mobilePhoneSchema,
  kind: z.enum(messageKinds).default('system'),
  title: z.string().trim().min(1, { error: '请输入标题' }).max(100, { error: '标题最多 100 字' }),
  content: z.string().trim().min(1, { error: '请输入内容' }).max(2000, { error: '内容最多 2000 字' }),
  /** A path on this site, by the login redirect's rule (isSitePath): "//evil.example" and its spellings are refused. */
  link: z.string().max(500).refine(isSitePath, { error: '链接须为站内路径' }).optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;
export const sendMessageResultSchema = z.object({ id: z.number().int() });
