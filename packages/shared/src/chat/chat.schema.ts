import { z } from 'zod';
import { dateSchema, ID_MAX, idNumber, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import type { PharmacyRole } from '../common/roles';

// The chat room (issue 14, docs/chat.md): conversations between a pharmacy's staff and patients, their messages, the
// WebSocket frames that push them, settings and canned replies. One schema per shape, used by the server's
// validation, the console, the patient page and the load client.

// ---------------------------------------------------------------- vocabulary

export const chatConversationStatuses = ['open', 'closed'] as const;
export type ChatConversationStatus = (typeof chatConversationStatuses)[number];
export const chatConversationStatusLabels: Record<ChatConversationStatus, string> = {
  open: '进行中',
  closed: '已结束',
};

export const chatSenderSides = ['patient', 'staff', 'system'] as const;
export type ChatSenderSide = (typeof chatSenderSides)[number];

export const chatMessageKinds = ['text', 'image', 'product', 'order', 'system'] as const;
export type ChatMessageKind = (typeof chatMessageKinds)[number];

export const chatStaffStatuses = ['online', 'away'] as const;
export type ChatStaffStatus = (typeof chatStaffStatuses)[number];
export const chatStaffStatusLabels: Record<ChatStaffStatus | 'offline', string> = {
  online: '在线',
  away: '离开',
  offline: '离线',
};

/** The staff list's scopes: mine, waiting in the queue, or every conversation of the pharmacy. */
export const chatListScopes = ['mine', 'unassigned', 'all'] as const;
export type ChatListScope = (typeof chatListScopes)[number];
export const chatListScopeLabels: Record<ChatListScope, string> = {
  mine: '我的',
  unassigned: '待接入',
  all: '全部',
};

/** Who works in the chat room: the pharmacy's staff that talk with patients. */
export const chatStaffRoles = [
  'shop',
  'pharmacy_admin',
  'manager',
  'customer_service',
  'pharmacist',
] as const satisfies readonly PharmacyRole[];
/** Who may change the pharmacy's chat settings (greeting, hours, per-person limit). */
export const chatSettingsRoles = ['shop', 'pharmacy_admin', 'manager'] as const satisfies readonly PharmacyRole[];
export const canManageChatSettings = (role: PharmacyRole | null | undefined) =>
  !!role && (chatSettingsRoles as readonly string[]).includes(role);

export const CHAT_TEXT_MAX = 1000;
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 100;
/** The sync answers at most this many messages per conversation; beyond it, `truncated` asks the client to reload. */
export const CHAT_SYNC_PER_CONVERSATION = 200;
export const CHAT_SYNC_MAX_CONVERSATIONS = 200;
/** A typing frame is forwarded at most once per this many ms per sender and conversation. */
export const CHAT_TYPING_INTERVAL_MS = 2000;
/** A staff member counts as online while their console's last heartbeat is younger than this. */
export const CHAT_PRESENCE_TTL_MS = 90_000;
export const CHAT_HEARTBEAT_MS = 25_000;
/** The WebSocket's path under the API base. */
export const CHAT_WS_PATH = '/chat/ws';

export const chatDefaults = {
  greeting: '您好，欢迎咨询！请描述您的问题，药师将尽快为您解答。',
  off_hours_reply: '您好，现在是非工作时间，您的留言我们已收到，工作时间内将第一时间回复您。',
  work_days: [1, 2, 3, 4, 5, 6, 7],
  work_start: '08:30',
  work_end: '21:00',
  per_staff_limit: 10,
} as const;

/** How a staff member is introduced to the patient: 药师 for pharmacists, 客服 for everyone else in the chat room. */
export const chatStaffTitle = (role: PharmacyRole | null | undefined) => (role === 'pharmacist' ? '药师' : '客服');

/** System messages' texts (the patient sees them in the conversation). */
export const chatSystemTexts = {
  assigned: (name: string, role: PharmacyRole | null | undefined) => `${chatStaffTitle(role)} ${name} 为您服务`,
  transferred: (name: string) => `您的会话已转接给 ${name}`,
  closed: '本次会话已结束，如有其他问题可随时再次咨询',
  reopened: (name: string) => `${name} 重新开启了会话`,
} as const;

export const chatMessages = {
  notFound: '会话不存在',
  closed: '会话已结束，无法发送消息',
  taken: '该会话已被其他同事接入',
  notMine: '只能操作分配给自己的会话',
  overLimit: (limit: number) => `您同时接待的会话已达上限（${limit} 个）`,
  alreadyOpen: '该患者已有进行中的会话',
  colleagueNotFound: '转接对象不存在或不在聊天室',
  selfTransfer: '不能转接给自己',
  emptyText: '请输入消息内容',
  textTooLong: `消息不能超过 ${CHAT_TEXT_MAX} 字`,
  quoteNotFound: '商品不存在或已下架',
  orderNotFound: '订单不存在',
  imageMissing: '请先上传图片',
  shortcutTaken: '快捷短语已存在',
  pharmacyNotFound: '药店不存在',
} as const;

// ---------------------------------------------------------------- messages

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:mm');

export const chatImagePayloadSchema = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export const chatProductPayloadSchema = z.object({
  quote_id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  price: z.string(),
  image: z.string(),
  is_rx: z.boolean(),
});
export const chatOrderPayloadSchema = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  status: z.string(),
  status_label: z.string(),
  total: z.string(),
  item_count: z.number().int(),
  first_item: z.string(),
  created_at: z.string(),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  seq: z.number().int(),
  sender_side: z.enum(chatSenderSides),
  sender_id: z.number().int().nullable(),
  sender_name: z.string(),
  client_id: z.string().nullable(),
  kind: z.enum(chatMessageKinds),
  body: z.string(),
  image: chatImagePayloadSchema.nullable(),
  product: chatProductPayloadSchema.nullable(),
  order: chatOrderPayloadSchema.nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A client-chosen id: 8–64 letters, digits, `-` or `_` (a UUID fits). */
export const chatClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '消息 ID 不正确');

/** What a sender posts: one kind with its content. */
export const sendChatMessageBodySchema = z.discriminatedUnion('kind', [
  z.object({
    client_id: chatClientIdSchema,
    kind: z.literal('text'),
    body: z.string().trim().min(1, chatMessages.emptyText).max(CHAT_TEXT_MAX, chatMessages.textTooLong),
  }),
  z.object({
    client_id: chatClientIdSchema,
    kind: z.literal('image'),
    /** An upload key from POST /chat/upload. */
    image_key: z.string().min(1, chatMessages.imageMissing).max(200),
    width: z.number().int().min(1).max(20_000).nullish(),
    height: z.number().int().min(1).max(20_000).nullish(),
  }),
  z.object({ client_id: chatClientIdSchema, kind: z.literal('product'), quote_id: idNumber() }),
  z.object({ client_id: chatClientIdSchema, kind: z.literal('order'), order_id: idNumber() }),
]);
export type SendChatMessageBody = z.infer<typeof sendChatMessageBodySchema>;

export const chatMessagesQuerySchema = z.object({
  /** Messages before this seq (older, scrolling up); without it, the newest. */
  before_seq: z.coerce.number().int().min(1).max(ID_MAX).optional(),
  /** Messages after this seq (catching up). */
  after_seq: z.coerce.number().int().min(0).max(ID_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;
export const chatMessagesResultSchema = z.object({
  /** Ascending by seq. */
  list: z.array(chatMessageSchema),
  /** Older messages exist before the first one returned. */
  has_more: z.boolean(),
});
export type ChatMessagesResult = z.infer<typeof chatMessagesResultSchema>;

export const chatReadBodySchema = z.object({ seq: z.number().int().min(0).max(ID_MAX) });

// ---------------------------------------------------------------- conversations

export const chatConversationSchema = z.object({
  id: z.number().int(),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  pharmacy_logo: z.string(),
  patient_account_id: z.number().int(),
  patient_name: z.string(),
  /** Masked for staff (spec §5), the patient's own number for the patient. */
  patient_phone: z.string(),
  patient_avatar: z.string(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string(),
  status: z.enum(chatConversationStatuses),
  queued_at: z.string().nullable(),
  last_seq: z.number().int(),
  last_message_at: z.string().nullable(),
  last_message_preview: z.string(),
  staff_unread: z.number().int(),
  patient_unread: z.number().int(),
  staff_read_seq: z.number().int(),
  patient_read_seq: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const chatConversationListQuerySchema = pageQuerySchema.extend({
  scope: z.enum(chatListScopes).default('mine'),
  status: z.enum(chatConversationStatuses).default('open'),
  /** Patient name or phone. */
  keyword: z.string().trim().max(50).optional(),
});
export type ChatConversationListQuery = z.infer<typeof chatConversationListQuerySchema>;

export const chatTransferBodySchema = z.object({ assignee_id: idNumber('请选择转接对象') });

/** The header badge: unread patient messages in my and the queue's conversations, and the queue's length. */
export const chatUnreadSchema = z.object({
  unread: z.number().int(),
  mine_unread: z.number().int(),
  queued: z.number().int(),
  mine_open: z.number().int(),
  per_staff_limit: z.number().int(),
});
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

/** Catching up after a reconnect: the seqs the client has, the time of its last list state. */
export const chatSyncBodySchema = z.object({
  known: z
    .array(z.object({ id: z.number().int().min(1).max(ID_MAX), seq: z.number().int().min(0).max(ID_MAX) }))
    .max(CHAT_SYNC_MAX_CONVERSATIONS),
  /** The `server_time` of the client's previous sync or list (ISO); conversations changed after it come back. */
  since: z.string().datetime({ offset: true }).nullish(),
});
export type ChatSyncBody = z.infer<typeof chatSyncBodySchema>;
export const chatSyncResultSchema = z.object({
  /** Conversations changed since `since` (new ones included), in the caller's scope. */
  conversations: z.array(chatConversationSchema),
  /** For each known conversation: its messages after the known seq, ascending. */
  messages: z.array(chatMessageSchema),
  /** Conversations with more missed messages than one sync returns: reload them. */
  truncated: z.array(z.number().int()),
  server_time: z.string(),
});
export type ChatSyncResult = z.infer<typeof chatSyncResultSchema>;

// ---------------------------------------------------------------- staff, patient info, pickers

export const chatColleagueSchema = z.object({
  account_id: z.number().int(),
  name: z.string(),
  role: z.string(),
  role_label: z.string(),
  status: z.enum(['online', 'away', 'offline']),
  open_count: z.number().int(),
});
export type ChatColleague = z.infer<typeof chatColleagueSchema>;

export const chatMyStatusSchema = z.object({
  status: z.enum(chatStaffStatuses),
  online: z.boolean(),
});
export const chatMyStatusBodySchema = z.object({ status: z.enum(chatStaffStatuses) });

export const chatPatientInfoSchema = z.object({
  account_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  avatar: z.string(),
  member_since: z.string(),
  order_count: z.number().int(),
  order_total: z.string(),
  family_members: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      relation: z.string(),
      gender: z.string(),
      age: z.number().int().nullable(),
      allergy_history: z.array(z.string()),
      past_medical_history: z.array(z.string()),
      family_medical_history: z.array(z.string()),
      is_default: z.boolean(),
    }),
  ),
  recent_orders: z.array(chatOrderPayloadSchema),
  recent_recipes: z.array(
    z.object({
      id: z.number().int(),
      recipe_no: z.string(),
      status: z.string(),
      status_label: z.string(),
      patient_name: z.string(),
      diagnosis: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type ChatPatientInfo = z.infer<typeof chatPatientInfoSchema>;

export const chatProductQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

// ---------------------------------------------------------------- history

export const chatHistoryQuerySchema = pageQuerySchema.extend({
  /** Patient name or phone. */
  patient: z.string().trim().max(50).optional(),
  staff_id: z.coerce.number().int().min(1).max(ID_MAX).optional(),
  date_from: dateSchema.optional(),
  date_to: dateSchema.optional(),
  /** Words in a message. */
  text: z.string().trim().max(50).optional(),
  status: z.enum(chatConversationStatuses).optional(),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;
export const chatHistoryRowSchema = chatConversationSchema.extend({
  message_count: z.number().int(),
  /** The first message matching `text`, for the row's excerpt. */
  matched_text: z.string().nullable(),
});
export type ChatHistoryRow = z.infer<typeof chatHistoryRowSchema>;

// ---------------------------------------------------------------- settings

export const chatSettingsSchema = z.object({
  greeting: z.string(),
  off_hours_reply: z.string(),
  work_days: z.array(z.number().int()),
  work_start: z.string(),
  work_end: z.string(),
  per_staff_limit: z.number().int(),
  /** Whether the caller may change them (chatSettingsRoles). */
  editable: z.boolean(),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
export const chatSettingsBodySchema = z
  .object({
    greeting: z.string().trim().min(1, '请输入欢迎语').max(500, '欢迎语不能超过 500 字'),
    off_hours_reply: z.string().trim().min(1, '请输入非工作时间自动回复').max(500, '自动回复不能超过 500 字'),
    work_days: z
      .array(z.number().int().min(1).max(7))
      .min(1, '请至少选择一个工作日')
      .max(7)
      .refine((d) => new Set(d).size === d.length, '工作日重复'),
    work_start: hhmm,
    work_end: hhmm,
    per_staff_limit: z.number().int().min(1, '接待上限至少为 1').max(100, '接待上限不能超过 100'),
  })
  .refine((v) => v.work_start < v.work_end, { path: ['work_end'], message: '下班时间须晚于上班时间' });
export type ChatSettingsBody = z.infer<typeof chatSettingsBodySchema>;

export const chatCannedReplySchema = z.object({
  id: z.number().int(),
  shortcut: z.string(),
  content: z.string(),
  sort: z.number().int(),
  updated_at: z.string(),
});
export type ChatCannedReply = z.infer<typeof chatCannedReplySchema>;
export const chatCannedReplyBodySchema = z.object({
  shortcut: z
    .string()
    .trim()
    .min(1, '请输入快捷短语')
    .max(20, '快捷短语不能超过 20 字')
    .regex(/^[^\s/]+$/, '快捷短语不能包含空格或 /'),
  content: z.string().trim().min(1, '请输入回复内容').max(500, '回复内容不能超过 500 字'),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type ChatCannedReplyBody = z.infer<typeof chatCannedReplyBodySchema>;

// ---------------------------------------------------------------- patient side

export const openChatBodySchema = z.object({ pharmacy_id: idNumber('请选择药店') });
export const chatUploadResultSchema = z.object({
  key: z.string(),
  url: z.string(),
});
export const chatIdParamSchema = z.object({ id: idTextSchema });

// ---------------------------------------------------------------- WebSocket frames

/** Client → server. The first frame must be `hello` (browsers cannot set headers on a WebSocket). */
export const chatClientFrameSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('hello'),
    token: z.string().min(1).max(200),
    side: z.enum(['staff', 'patient']),
    /** Staff: the pharmacy the console works in. */
    pharmacy_id: z.number().int().min(1).optional(),
  }),
  z.object({ t: z.literal('typing'), conversation_id: z.number().int().min(1) }),
  z.object({ t: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** Server → client. */
export const chatServerFrameSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('ready'), account_id: z.number().int(), server_time: z.string() }),
  z.object({ t: z.literal('message'), message: chatMessageSchema, conversation: chatConversationSchema }),
  /** A conversation changed (created, taken, transferred, closed, reopened, read). */
  z.object({ t: z.literal('conversation'), conversation: chatConversationSchema }),
  z.object({
    t: z.literal('typing'),
    conversation_id: z.number().int(),
    side: z.enum(['staff', 'patient']),
    name: z.string(),
  }),
  /** A queued conversation offered to this staff member (online, below the per-person limit). */
  z.object({ t: z.literal('offer'), conversation: chatConversationSchema }),
  z.object({ t: z.literal('error'), code: z.number().int(), msg: z.string() }),
  z.object({ t: z.literal('pong') }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;

/** WebSocket close codes the clients act on. */
export const chatCloseCodes = {
  /** No or bad hello, expired or revoked session: sign in again, do not retry. */
  unauthorized: 4401,
  /** Not chat staff of that pharmacy: do not retry. */
  forbidden: 4403,
  /** The hello did not come in time or a frame was malformed. */
  badFrame: 4400,
} as const;
