import { z } from 'zod';
import { DATE_MAX, DATE_MIN, dateSchema, ID_MAX, idNumber } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { memberAddressSchema, memberFamilySchema } from '../members/member.schema';

// Customers (会员管理 /marketManage/customer): a pharmacy's customer_info rows (the CRM card) over patient accounts.
// The list's filters, the card's sections, the edits and the follow-ups. Who may do what: docs/marketing.md.

export const CUSTOMER_TAG_MAX = 10;
export const CUSTOMER_TAG_LENGTH_MAX = 10;
export const CUSTOMER_NOTES_MAX = 500;
export const CUSTOMER_SOURCE_MAX = 50;
export const CUSTOMER_KEYWORD_MAX = 30;
export const FOLLOW_UP_CONTENT_MAX = 500;
/** "Not contacted for N days" quick picks of the list (any 1–3650 is accepted). */
export const notContactedDayOptions = [7, 30, 90] as const;

export const customerMessages = {
  notOwner: '只有该客户的负责人或主管可以操作',
  assignOthers: '客服只能认领无负责人的客户，或放弃自己负责的客户',
  alreadyOwned: '该客户已有负责人，请刷新后重试',
  notYours: '该客户已不由您负责，请刷新后重试',
  contactedInFuture: '不能晚于当前时间',
  nextBeforeContacted: '须晚于联系时间',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControlChars = (v: string) => !CONTROL_CHARS.test(v);
// biome-ignore lint/suspicious/noControlCharactersInRegex: single-line texts refuse every control character
const LINE_CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const oneLine = (v: string) => !LINE_CONTROL_CHARS.test(v);

/** Follow-up methods (customer_follow_up.method) and their names. */
export const followUpMethods = ['phone', 'wechat', 'visit', 'chat', 'sms', 'other'] as const;
export type FollowUpMethod = (typeof followUpMethods)[number];
export const followUpMethodLabels: Record<FollowUpMethod, string> = {
  phone: '电话',
  wechat: '微信',
  visit: '上门拜访',
  chat: '在线聊天',
  sms: '短信',
  other: '其他',
};

/** The owner filter: `all` (explicitly any: the console's default for customer service is `me`), `me`, `none` (unowned) or a staff account id. */
export const customerOwnerFilterSchema = z
  .string()
  .trim()
  .regex(/^(all|me|none|[1-9]\d{0,9})$/, { error: '负责人筛选不正确' })
  .refine((v) => !/^\d+$/.test(v) || Number(v) <= ID_MAX, { error: '负责人筛选不正确' });

/**
 * The customer list's query: the same schema validates the server's querystring and the console's URL.
 * keyword: a full phone number, the last 4 digits of one, or part of a name (docs/members.md).
 * Last contact: a Shanghai date range (contact_from…contact_to, inclusive) or not contacted for N days (never
 * contacted counts as not contacted).
 */
export const customerListQuerySchema = pageQuerySchema
  .extend({
    keyword: z
      .string()
      .trim()
      .max(CUSTOMER_KEYWORD_MAX, { error: `关键词最多 ${CUSTOMER_KEYWORD_MAX} 个字` })
      .refine(oneLine, { error: '关键词包含非法字符' })
      .optional(),
    owner: customerOwnerFilterSchema.optional(),
    tag: z
      .string()
      .trim()
      .max(CUSTOMER_TAG_LENGTH_MAX, { error: `标签最多 ${CUSTOMER_TAG_LENGTH_MAX} 个字` })
      .refine(oneLine, { error: '标签包含非法字符' })
      .optional(),
    channel_id: z.coerce
      .number({ error: '渠道不正确' })
      .int({ error: '渠道不正确' })
      .positive({ error: '渠道不正确' })
      .max(ID_MAX, { error: '渠道不正确' })
      .optional(),
    contact_from: dateSchema.optional(),
    contact_to: dateSchema.optional(),
    not_contacted_days: z.coerce
      .number({ error: '未联系天数不正确' })
      .int({ error: '未联系天数不正确' })
      .min(1, { error: '未联系天数不正确' })
      .max(3650, { error: '未联系天数最多 3650 天' })
      .optional(),
  })
  .refine((q) => !(q.contact_from && q.contact_to) || q.contact_from <= q.contact_to, {
    error: '联系时间的开始日期不能晚于结束日期',
    path: ['contact_to'],
  })
  .refine((q) => !(q.not_contacted_days && (q.contact_from || q.contact_to)), {
    error: '“最近联系”与“未联系天数”只能选一个',
    path: ['not_contacted_days'],
  });
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerListItemSchema = z.object({
  /** customer_info.id */
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  /** Masked (spec §5): 138****0001. */
  phone: z.string(),
  head_img_url: z.string(),
  /** The member level (viper) at this pharmacy; null when the card has no member row. */
  level: z.number().int().nullable(),
  tags: z.array(z.string()),
  source: z.string(),
  channel_id: z.number().int().nullable(),
  channel_name: z.string().nullable(),
  owner_account_id: z.number().int().nullable(),
  owner_name: z.string().nullable(),
  last_contact_at: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerStaffSchema = z.object({
  account_id: z.number().int(),
  name: z.string(),
  role: z.string(),
  team_id: z.number().int().nullable(),
});
export type CustomerStaff = z.infer<typeof customerStaffSchema>;

/** The list's filters and the assign dialog: staff who may own customers, channels, the tags in use. */
export const customerOptionsSchema = z.object({
  staff: z.array(customerStaffSchema),
  channels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tags: z.array(z.string()),
  /** The caller: the 我的客户 filter and which buttons show. */
  me: z.object({ account_id: z.number().int(), role: z.string(), is_manager: z.boolean() }),
});
export type CustomerOptions = z.infer<typeof customerOptionsSchema>;

export const customerFollowUpSchema = z.object({
  id: z.number().int(),
  method: z.enum(followUpMethods),
  content: z.string(),
  contacted_at: z.string(),
  next_follow_up_at: z.string().nullable(),
  author_account_id: z.number().int().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerFollowUp = z.infer<typeof customerFollowUpSchema>;

export const customerOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  kind: z.string(),
  status: z.string(),
  pay_amount: z.string(),
  item_count: z.number().int(),
  first_item: z.string(),
  created_at: z.string(),
});
export const customerRecipeSchema = z.object({
  id: z.number().int(),
  recipe_no: z.string(),
  status: z.string(),
  patient_name: z.string(),
  diagnoses: z.array(z.string()),
  doctor_name: z.string(),
  order_id: z.number().int().nullable(),
  created_at: z.string(),
});
export const customerChatSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  assignee_name: z.string().nullable(),
  last_message_at: z.string().nullable(),
  last_message_preview: z.string(),
  created_at: z.string(),
});
export const customerLiveSchema = z.object({
  /** Watch time of every live of this pharmacy, in seconds. */
  total_seconds: z.number().int(),
  watches: z.array(
    z.object({
      live_id: z.number().int(),
      title: z.string(),
      seconds: z.number().int(),
      last_watched_at: z.string(),
    }),
  ),
  enrollments: z.array(
    z.object({
      period_id: z.number().int(),
      period_name: z.string(),
      column_title: z.string(),
      source: z.string(),
      created_at: z.string(),
    }),
  ),
  exams: z.array(
    z.object({
      live_id: z.number().int(),
      title: z.string(),
      score: z.number().int(),
      total_score: z.number().int(),
      submitted_at: z.string(),
    }),
  ),
});
export const customerTaskSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  status: z.string(),
  assignee_name: z.string().nullable(),
  due_at: z.string(),
});

/** The CRM card: everything about one customer at this pharmacy, in one view. */
export const customerCardSchema = customerListItemSchema.extend({
  points: z.number().int().nullable(),
  notes: z.string(),
  /** The caller may reveal the phone and edit the card (the owner or a manager). */
  can_edit: z.boolean(),
  /** The caller may assign any owner (a manager); customer service may take an unowned one or give up their own. */
  can_assign: z.boolean(),
  family_members: z.array(memberFamilySchema),
  addresses: z.array(memberAddressSchema),
  /** The latest 10, and how many in all. */
  orders: z.array(customerOrderSchema),
  order_count: z.number().int(),
  prescriptions: z.array(customerRecipeSchema),
  chats: z.array(customerChatSchema),
  live: customerLiveSchema,
  follow_ups: z.array(customerFollowUpSchema),
  follow_up_count: z.number().int(),
  tasks: z.array(customerTaskSchema),
  /** Tasks of this customer not done or cancelled yet, and all of them. */
  task_open_count: z.number().int(),
  task_count: z.number().int(),
});
export type CustomerCard = z.infer<typeof customerCardSchema>;

const tagSchema = z
  .string({ error: '标签须为文字' })
  .trim()
  .min(1, { error: '标签不能为空' })
  .max(CUSTOMER_TAG_LENGTH_MAX, { error: `每个标签最多 ${CUSTOMER_TAG_LENGTH_MAX} 个字` })
  .refine(oneLine, { error: '标签包含非法字符' });

/** The card's edit: tags, notes, source (the whole editable part). */
export const customerUpdateBodySchema = z.object({
  tags: z
    .array(tagSchema, { error: '标签格式不正确' })
    .max(CUSTOMER_TAG_MAX * 5, { error: `标签最多 ${CUSTOMER_TAG_MAX} 个` })
    .transform((tags) => [...new Set(tags)])
    .pipe(z.array(z.string()).max(CUSTOMER_TAG_MAX, { error: `标签最多 ${CUSTOMER_TAG_MAX} 个` })),
  notes: z
    .string({ error: '备注须为文字' })
    .trim()
    .max(CUSTOMER_NOTES_MAX, { error: `备注最多 ${CUSTOMER_NOTES_MAX} 个字` })
    .refine(noControlChars, { error: '备注包含非法字符' }),
  source: z
    .string({ error: '来源须为文字' })
    .trim()
    .max(CUSTOMER_SOURCE_MAX, { error: `来源最多 ${CUSTOMER_SOURCE_MAX} 个字` })
    .refine(oneLine, { error: '来源包含非法字符' }),
});
export type CustomerUpdateBody = z.infer<typeof customerUpdateBodySchema>;
export type CustomerUpdateInput = z.input<typeof customerUpdateBodySchema>;

export const customerOwnerBodySchema = z.object({
  owner_account_id: idNumber('负责人不正确').nullable(),
});
export type CustomerOwnerBody = z.infer<typeof customerOwnerBodySchema>;

const instant = (error: string) =>
  z.iso.datetime({ offset: true, error }).refine((v) => {
    const t = Date.parse(v);
    return t >= Date.parse(`${DATE_MIN}T00:00:00Z`) && t <= Date.parse(`${DATE_MAX}T23:59:59Z`);
  }, error);

/** A follow-up: method, content 1–500, when (default now; not in the future: checked by the server's clock). */
export const followUpBodySchema = z
  .object({
    method: z.enum(followUpMethods, { error: '请选择跟进方式' }),
    content: z
      .string({ error: '请填写跟进内容' })
      .trim()
      .min(1, { error: '请填写跟进内容' })
      .max(FOLLOW_UP_CONTENT_MAX, { error: `跟进内容最多 ${FOLLOW_UP_CONTENT_MAX} 个字` })
      .refine(noControlChars, { error: '跟进内容包含非法字符' }),
    contacted_at: instant('联系时间格式不正确').optional(),
    next_follow_up_at: instant('下次跟进时间格式不正确').nullable().optional(),
  })
  .refine(
    (b) => !b.next_follow_up_at || !b.contacted_at || Date.parse(b.next_follow_up_at) > Date.parse(b.contacted_at),
    { error: `下次跟进时间${customerMessages.nextBeforeContacted}`, path: ['next_follow_up_at'] },
  );
export type FollowUpBody = z.infer<typeof followUpBodySchema>;
export type FollowUpInput = z.input<typeof followUpBodySchema>;

export const customerPhoneSchema = z.object({ phone: z.string() });
