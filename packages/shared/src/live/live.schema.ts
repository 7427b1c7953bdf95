import { z } from 'zod';
import { DATE_MAX, DATE_MIN, dateSchema, idNumber, idTextSchema, mobilePhoneSchema } from '../common/fields';
import { pageQuerySchema, pageResultSchema } from '../common/paging';
import type { PharmacyRole } from '../common/roles';

// Live classes (issue 15, docs/live.md): lives, their share cards, materials, exams, the question bank, columns and
// camp periods with enrolments, the viewer's side (heartbeats, comments, exam), the control room, team statistics
// and the operator's platform columns. One schema per shape, used by the server, the console and the patient pages.

// ---------------------------------------------------------------- vocabulary and rules

export const liveStatuses = ['draft', 'scheduled', 'live', 'ended'] as const;
export type LiveStatus = (typeof liveStatuses)[number];
export const liveStatusLabels: Record<LiveStatus, string> = {
  draft: '草稿',
  scheduled: '未开始',
  live: '直播中',
  ended: '已结束',
};
/** The list's tabs: 全部 and each status. */
export const liveTabs = ['all', ...liveStatuses] as const;
export type LiveTab = (typeof liveTabs)[number];

/** The flow's actions: publish (draft → scheduled), withdraw (scheduled → draft), start (scheduled → live), end (live → ended). */
export const liveFlowActions = ['publish', 'withdraw', 'start', 'end'] as const;
export type LiveFlowAction = (typeof liveFlowActions)[number];
export const liveFlow: Record<LiveFlowAction, { from: LiveStatus; to: LiveStatus; label: string }> = {
  publish: { from: 'draft', to: 'scheduled', label: '发布' },
  withdraw: { from: 'scheduled', to: 'draft', label: '撤回' },
  start: { from: 'scheduled', to: 'live', label: '开始直播' },
  end: { from: 'live', to: 'ended', label: '结束直播' },
};
/** The actions open to a live in a status (the buttons the console shows). */
export const liveActionsFor = (status: LiveStatus): LiveFlowAction[] =>
  liveFlowActions.filter((a) => liveFlow[a].from === status);

/** The broadcast set's roles (spec §6): they see every 直播 page. */
export const liveStaffRoles = [
  'shop',
  'pharmacy_admin',
  'manager',
  'customer_service',
] as const satisfies readonly PharmacyRole[];
/**
 * Who creates and changes lives, questions, columns and periods. customer_service reads them, enrols patients,
 * shares invitation links and reads the team statistics (docs/live.md).
 */
export const liveManageRoles = ['shop', 'pharmacy_admin', 'manager'] as const satisfies readonly PharmacyRole[];
export const canManageLive = (role: PharmacyRole | null | undefined) =>
  !!role && (liveManageRoles as readonly string[]).includes(role);
/** The live control room (/broadcast/live) is the shop's only (spec §6). */
export const liveControlRoles = ['shop'] as const satisfies readonly PharmacyRole[];

/** A viewer's page beats every this many seconds; each accepted beat credits this much watch time. */
export const LIVE_HEARTBEAT_SECONDS = 5;
/** A viewer counts in 在线人数 while their last beat is younger than this. */
export const LIVE_VIEWER_TTL_SECONDS = 15;
/** Beats are written in batches at most this often (ms); a crash loses at most this much watch time. */
export const LIVE_HEARTBEAT_FLUSH_MS = 1000;
export const LIVE_COMMENT_MAX = 200;
export const LIVE_SYNC_MAX_TARGETS = 20;
export const QUESTION_IMPORT_MAX_ROWS = 1000;
export const QUESTION_OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

export const questionTypes = ['single', 'multiple', 'judge'] as const;
export type QuestionType = (typeof questionTypes)[number];
export const questionTypeLabels: Record<QuestionType, string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
};
/** A judge question's answer keys and labels. */
export const judgeAnswerLabels: Record<'T' | 'F', string> = { T: '正确', F: '错误' };

export const columnStatuses = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ColumnStatus = (typeof columnStatuses)[number];
export const columnStatusLabels: Record<ColumnStatus, string> = {
  draft: '未提交',
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

export const enrollmentSources = ['invite', 'staff', 'self'] as const;
export type EnrollmentSource = (typeof enrollmentSources)[number];
export const enrollmentSourceLabels: Record<EnrollmentSource, string> = {
  invite: '邀请报名',
  staff: '后台报名',
  self: '自主报名',
};

export const liveMessages = {
  notFound: '直播不存在',
  flowConflict: '直播状态已变化，请刷新后重试',
  deleteNotDraft: '只能删除草稿状态的直播',
  endBeforeStart: '结束时间不能早于开始时间',
  pullUrlRequired: '开始直播前请填写拉流地址',
  quoteSetNotFound: '套餐不存在',
  shareNotFound: '分享设置不存在',
  materialNotFound: '资料不存在',
  materialMissing: '请选择要上传的文件',
  syncTargetInvalid: '只能同步到您管理的其他药店',
  questionNotFound: '题目不存在',
  questionBound: '题目已被直播考试使用，不能删除',
  categoryNotFound: '分类不存在',
  categoryHasChildren: '请先删除下级分类',
  categoryHasQuestions: '分类下还有题目，不能删除',
  categoryCycle: '不能把分类移到它自己的下级',
  answerInvalid: '答案与题型不符',
  optionsInvalid: '选项至少 2 个、至多 6 个，且不能为空',
  importFileInvalid: '请上传 .xlsx 格式的题目表格',
  importTooMany: `一次最多导入 ${QUESTION_IMPORT_MAX_ROWS} 道题`,
  importEmpty: '表格中没有题目',
  columnNotFound: '专栏不存在',
  columnNotEditable: '专栏审核中，不能修改',
  columnHasEnrollments: '专栏已有学员报名，不能删除',
  platformColumnNotFound: '平台专栏不存在',
  columnNotPending: '该专栏不在待审核状态',
  rejectReasonRequired: '请填写驳回原因',
  periodNotFound: '营期不存在',
  periodHasEnrollments: '营期已有学员报名，不能删除',
  periodLivesMismatch: '排序的直播与营期绑定的直播不一致',
  liveNotInPharmacy: '直播不存在或不属于本药店',
  inviterInvalid: '邀请人不存在',
  blacklisted: '您暂时无法报名或观看该药店的直播',
  notEnrolled: '请先报名该直播所在的营期',
  notWatchable: '直播尚未开始',
  commentsOff: '本场直播已关闭互动',
  muted: '您已被禁言',
  commentEmpty: '请输入内容',
  commentNotFound: '评论不存在',
  examOff: '本场直播没有考试',
  examNotOpen: '直播结束后才能参加考试',
  examIncomplete: '请回答全部题目',
} as const;

// ---------------------------------------------------------------- shared fields

const trimmed = (max: number, label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .max(max, { error: `${label}最多 ${max} 字` });
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}最多 ${max} 字` })
    .default('');
/** An http(s) URL, an rtmp push address, or a path the product serves (/uploads/…, /live-demo/…); empty allowed. */
export const streamUrlSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(500, { error: `${label}最多 500 字` })
    .refine((v) => v === '' || /^(https?|rtmp|rtmps):\/\/\S+$/.test(v) || /^\/\S+$/.test(v), {
      error: `${label}应以 http://、https://、rtmp:// 开头`,
    })
    .default('');
/** A moment between DATE_MIN and DATE_MAX (PostgreSQL has no year 0; JavaScript cannot show years before 100). */
const dateTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `请选择${label}` })
    .refine((v) => v.slice(0, 10) >= DATE_MIN && v.slice(0, 10) <= DATE_MAX, {
      error: `${label}应在 ${DATE_MIN.slice(0, 4)} 至 ${DATE_MAX.slice(0, 4)} 年之间`,
    });
const optionalDateRange = {
  date_from: dateSchema.optional().catch(undefined),
  date_to: dateSchema.optional().catch(undefined),
};
const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const datesError = { path: ['date_to'], error: '结束日期不能早于开始日期' };
const endAfterStart = (v: { start_at: string; end_at: string }) => Date.parse(v.end_at) > Date.parse(v.start_at);

/** Money as a string with two decimals ('12.50'). */
const money = z.string();

// ---------------------------------------------------------------- lives

export const liveConfigSchema = z.object({
  /** 互动: viewers may comment. */
  chat_enabled: z.boolean().default(true),
  /** 考试: the bound questions open to viewers when the live ends. */
  exam_enabled: z.boolean().default(false),
  /** 回放: the replay address is played after the live ends. */
  replay_enabled: z.boolean().default(true),
  /** 及格分 (out of the exam's total). */
  pass_score: z.number().int().min(0).max(1000).default(60),
});
export type LiveConfig = z.infer<typeof liveConfigSchema>;

export const liveBodySchema = z
  .object({
    title: trimmed(100, '直播标题'),
    cover_url: z.string().trim().max(500).default(''),
    lecturer: trimmed(50, '讲师'),
    intro: optionalText(5000, '直播简介'),
    start_at: dateTime('开始时间'),
    end_at: dateTime('结束时间'),
    push_url: streamUrlSchema('推流地址'),
    pull_url: streamUrlSchema('拉流地址'),
    replay_url: streamUrlSchema('回放地址'),
    config: liveConfigSchema.default({ chat_enabled: true, exam_enabled: false, replay_enabled: true, pass_score: 60 }),
  })
  .refine(endAfterStart, { path: ['end_at'], error: liveMessages.endBeforeStart });
export type LiveBody = z.infer<typeof liveBodySchema>;

const liveListFilterShape = {
  status: z.enum(liveTabs).catch('all').default('all'),
  title: z.string().trim().max(100).optional().catch(undefined),
  lecturer: z.string().trim().max(50).optional().catch(undefined),
  /** Start date (Shanghai) between these days. */
  ...optionalDateRange,
};
export const liveListQuerySchema = pageQuerySchema.extend(liveListFilterShape).refine(datesInOrder, datesError);
export type LiveListQuery = z.infer<typeof liveListQuerySchema>;

export const liveTabCountsSchema = z.object({
  all: z.number().int(),
  draft: z.number().int(),
  scheduled: z.number().int(),
  live: z.number().int(),
  ended: z.number().int(),
});
export type LiveTabCounts = z.infer<typeof liveTabCountsSchema>;

export const liveSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover_url: z.string(),
  lecturer: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  status: z.enum(liveStatuses),
  quote_set_id: z.number().int().nullable(),
  quote_set_name: z.string().nullable(),
  /** Distinct patients who watched (any heartbeat). */
  viewer_count: z.number().int(),
  question_count: z.number().int(),
  created_at: z.string(),
});
export type LiveSummary = z.infer<typeof liveSummarySchema>;

export const liveListResultSchema = pageResultSchema(liveSummarySchema).extend({ counts: liveTabCountsSchema });
export type LiveListResult = z.infer<typeof liveListResultSchema>;

export const liveQuoteSetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: money,
  status: z.enum(['on_sale', 'off_sale']),
  items: z.array(z.object({ name: z.string(), spec: z.string(), qty: z.number().int() })),
});
export type LiveQuoteSet = z.infer<typeof liveQuoteSetSchema>;

export const liveDetailSchema = liveSummarySchema.extend({
  intro: z.string(),
  push_url: z.string(),
  pull_url: z.string(),
  replay_url: z.string(),
  config: liveConfigSchema,
  quote_set: liveQuoteSetSchema.nullable(),
  combo_pinned: z.boolean(),
  source_live_id: z.number().int().nullable(),
  material_count: z.number().int(),
  share_count: z.number().int(),
  /** The camp periods it is bound to (column title · period name). */
  periods: z.array(z.object({ id: z.number().int(), column_id: z.number().int(), name: z.string() })),
  /** The flow's actions open now. */
  actions: z.array(z.enum(liveFlowActions)),
});
export type LiveDetail = z.infer<typeof liveDetailSchema>;

export const liveFlowBodySchema = z.object({ action: z.enum(liveFlowActions, { error: '操作不正确' }) });
export const liveQuoteSetBodySchema = z.object({
  quote_set_id: idNumber('套餐不正确').nullable(),
  pinned: z.boolean().default(false),
});

export const liveShareBodySchema = z.object({
  title: trimmed(100, '分享标题'),
  description: optionalText(500, '分享描述'),
  image_url: z.string().trim().max(500).default(''),
  enabled: z.boolean().default(true),
});
export const liveShareSchema = z.object({
  id: z.number().int(),
  live_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type LiveShare = z.infer<typeof liveShareSchema>;

export const liveSyncBodySchema = z.object({
  pharmacy_ids: z
    .array(idNumber('药店不正确'))
    .min(1, { error: '请选择要同步到的药店' })
    .max(LIVE_SYNC_MAX_TARGETS, { error: `一次最多同步到 ${LIVE_SYNC_MAX_TARGETS} 家药店` }),
});
export const liveSyncResultSchema = z.object({
  created: z.array(z.object({ pharmacy_id: z.number().int(), pharmacy_name: z.string(), live_id: z.number().int() })),
});
export const liveSyncTargetSchema = z.object({ id: z.number().int(), name: z.string() });

export const liveMaterialSchema = z.object({
  id: z.number().int(),
  live_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  size: z.number().int(),
  mime: z.string(),
  created_at: z.string(),
});
export type LiveMaterial = z.infer<typeof liveMaterialSchema>;

export const liveUsersQuerySchema = pageQuerySchema.extend({
  /** Patient name or phone. */
  keyword: z.string().trim().max(50).optional().catch(undefined),
});
/** One viewer of a live (观看用户): watch time from heartbeats, the exam, who invited them. */
export const liveViewerRowSchema = z.object({
  account_id: z.number().int(),
  name: z.string(),
  /** masked (spec §5) */
  phone: z.string(),
  watch_seconds: z.number().int(),
  first_watch_at: z.string().nullable(),
  last_watch_at: z.string().nullable(),
  answered: z.boolean(),
  score: z.number().int().nullable(),
  inviter_name: z.string().nullable(),
});
export type LiveViewerRow = z.infer<typeof liveViewerRowSchema>;

export const liveUserStatsSchema = z.object({
  viewers: z.number().int(),
  watch_seconds: z.number().int(),
  avg_watch_seconds: z.number().int(),
  /** Patients enrolled in the periods the live is bound to. */
  enrolled: z.number().int(),
  answered: z.number().int(),
  avg_score: z.number().nullable(),
  passed: z.number().int(),
  /** Orders of the bound combo by its viewers since the live started, and their amount. */
  orders: z.number().int(),
  amount: money,
  viewers_now: z.number().int(),
});
export type LiveUserStats = z.infer<typeof liveUserStatsSchema>;

// ---------------------------------------------------------------- question bank

export const questionCategoryBodySchema = z.object({
  name: trimmed(50, '分类名称'),
  parent_id: idNumber('上级分类不正确').nullable().default(null),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const questionCategorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  /** Questions directly in it. */
  question_count: z.number().int(),
});
export type QuestionCategory = z.infer<typeof questionCategorySchema>;

export const questionOptionSchema = z.object({
  key: z.enum(QUESTION_OPTION_KEYS),
  text: z.string().trim().min(1, { error: '选项内容不能为空' }).max(200, { error: '选项最多 200 字' }),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/**
 * Whether an answer fits a question's type and options: single = one key, multiple = two or more, judge = T or F;
 * keys among the options (judge: no options). The server and the forms check with this one function.
 */
export function answerFits(
  type: QuestionType,
  options: readonly { key: string }[],
  answer: readonly string[],
): boolean {
  if (new Set(answer).size !== answer.length) return false;
  if (type === 'judge') return options.length === 0 && answer.length === 1 && (answer[0] === 'T' || answer[0] === 'F');
  const keys = new Set(options.map((o) => o.key));
  if (options.length < 2 || options.length > QUESTION_OPTION_KEYS.length || keys.size !== options.length) return false;
  if (!answer.every((a) => keys.has(a))) return false;
  return type === 'single' ? answer.length === 1 : answer.length >= 2;
}
/** Whether a viewer's answer is right: the same set of keys. */
export const answerIsCorrect = (expected: readonly string[], given: readonly string[]) =>
  expected.length === given.length && [...expected].sort().join() === [...given].sort().join();

export const questionBodySchema = z
  .object({
    category_id: idNumber('分类不正确').nullable().default(null),
    type: z.enum(questionTypes, { error: '请选择题型' }),
    stem: trimmed(500, '题干'),
    options: z.array(questionOptionSchema).max(QUESTION_OPTION_KEYS.length).default([]),
    answer: z.array(z.string()).min(1, { error: '请设置答案' }),
    analysis: optionalText(2000, '答案解析'),
    score: z.number().int().min(1, { error: '分值至少 1 分' }).max(100, { error: '分值最多 100 分' }).default(10),
  })
  .refine((q) => q.type === 'judge' || (q.options.length >= 2 && q.options.length <= 6), {
    path: ['options'],
    error: liveMessages.optionsInvalid,
  })
  .refine((q) => answerFits(q.type, q.type === 'judge' ? [] : q.options, q.answer), {
    path: ['answer'],
    error: liveMessages.answerInvalid,
  });
export type QuestionBody = z.infer<typeof questionBodySchema>;

/** 答案设置: the answer and its analysis only. */
export const questionAnswerBodySchema = z.object({
  answer: z.array(z.string()).min(1, { error: '请设置答案' }),
  analysis: optionalText(2000, '答案解析'),
});

export const questionListQuerySchema = pageQuerySchema.extend({
  /** A category and its descendants. */
  category_id: idTextSchema.optional().catch(undefined),
  type: z.enum(questionTypes).optional().catch(undefined),
  keyword: z.string().trim().max(100).optional().catch(undefined),
  /** The select-question dialog: leave out the questions already in this live's exam. */
  exclude_live_id: idTextSchema.optional().catch(undefined),
});
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

export const questionSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  type: z.enum(questionTypes),
  stem: z.string(),
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  answer: z.array(z.string()),
  analysis: z.string(),
  score: z.number().int(),
  /** Lives whose exam uses it. */
  live_count: z.number().int(),
  created_at: z.string(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionImportResultSchema = z.object({
  /** Nothing is written unless every row is right. */
  imported: z.number().int(),
  failed: z.array(z.object({ row: z.number().int(), errors: z.array(z.string()) })),
});
export type QuestionImportResult = z.infer<typeof questionImportResultSchema>;

/** The exam bound to a live, in order (题目 + 分值). */
export const liveExamQuestionSchema = questionSchema.extend({ sort: z.number().int() });
export const liveQuestionsBodySchema = z.object({
  question_ids: z.array(idNumber('题目不正确')).max(100, { error: '一场考试最多 100 道题' }),
});

// ---------------------------------------------------------------- columns and camp periods

export const columnBodySchema = z.object({
  title: trimmed(100, '专栏名称'),
  cover_url: z.string().trim().max(500).default(''),
  intro: optionalText(5000, '专栏简介'),
});
export const columnListQuerySchema = pageQuerySchema.extend({
  status: z.enum(columnStatuses).optional().catch(undefined),
  keyword: z.string().trim().max(100).optional().catch(undefined),
});
export const columnSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover_url: z.string(),
  intro: z.string(),
  status: z.enum(columnStatuses),
  platform_column_id: z.number().int().nullable(),
  platform_column_title: z.string().nullable(),
  reject_reason: z.string(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  period_count: z.number().int(),
  enrolled_count: z.number().int(),
  created_at: z.string(),
});
export type Column = z.infer<typeof columnSchema>;
export const columnSubmitBodySchema = z.object({ platform_column_id: idNumber('请选择平台专栏') });
export const platformColumnOptionSchema = z.object({ id: z.number().int(), title: z.string() });

export const periodBodySchema = z
  .object({
    name: trimmed(50, '营期名称'),
    start_at: dateTime('开始时间'),
    end_at: dateTime('结束时间'),
  })
  .refine(endAfterStart, { path: ['end_at'], error: '结束时间不能早于开始时间' });
export type PeriodBody = z.infer<typeof periodBodySchema>;
export const periodSchema = z.object({
  id: z.number().int(),
  column_id: z.number().int(),
  name: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  sort: z.number().int(),
  live_count: z.number().int(),
  enrolled_count: z.number().int(),
  created_at: z.string(),
});
export type Period = z.infer<typeof periodSchema>;
export const periodLiveSchema = liveSummarySchema.extend({ sort: z.number().int() });
export const periodLiveIdsBodySchema = z.object({
  live_ids: z.array(idNumber('直播不正确')).min(1, { error: '请选择直播' }).max(200),
});
export const periodLiveParamSchema = z.object({ id: idTextSchema, live_id: idTextSchema });

export const enrollmentListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(50).optional().catch(undefined),
  source: z.enum(enrollmentSources).optional().catch(undefined),
});
export const enrollmentRowSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  source: z.enum(enrollmentSources),
  inviter_name: z.string().nullable(),
  /** Watch time over the period's lives. */
  watch_seconds: z.number().int(),
  created_at: z.string(),
});
export type EnrollmentRow = z.infer<typeof enrollmentRowSchema>;
export const enrollBodySchema = z.object({
  phones: z.array(mobilePhoneSchema).min(1, { error: '请填写手机号' }).max(500, { error: '一次最多 500 个手机号' }),
});
export const enrollResultSchema = z.object({
  enrolled: z.number().int(),
  already: z.number().int(),
  /** Phones with no account. */
  not_found: z.array(z.string()),
  blacklisted: z.array(z.string()),
});
/** The signed-in staff member's invitation link to a period (the patient page's path with the period and the member). */
export const inviteLinkSchema = z.object({ path: z.string(), inviter_name: z.string() });

// ---------------------------------------------------------------- operator: platform columns

export const platformColumnBodySchema = z.object({ title: trimmed(100, '专栏名称') });
export const platformColumnSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Approved pharmacy columns shown in it. */
  column_count: z.number().int(),
  /** Pharmacy columns submitted to it and waiting. */
  pending_count: z.number().int(),
  created_at: z.string(),
});
export type PlatformColumn = z.infer<typeof platformColumnSchema>;
export const platformColumnListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional().catch(undefined),
});
export const columnSubmissionQuerySchema = pageQuerySchema.extend({
  status: z.enum(['pending', 'approved', 'rejected']).catch('pending').default('pending'),
  platform_column_id: idTextSchema.optional().catch(undefined),
});
export const columnSubmissionSchema = columnSchema.extend({
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
});
export type ColumnSubmission = z.infer<typeof columnSubmissionSchema>;
export const columnRejectBodySchema = z.object({
  reason: z
    .string({ error: liveMessages.rejectReasonRequired })
    .trim()
    .min(1, { error: liveMessages.rejectReasonRequired })
    .max(500, { error: '驳回原因最多 500 字' }),
});
/** The select-component page: the approved pharmacy columns shown in a platform column, in order. */
export const platformColumnMembersBodySchema = z.object({
  column_ids: z.array(idNumber('专栏不正确')).max(200),
});

// ---------------------------------------------------------------- team statistics

export const teamStatQuerySchema = z
  .object({
    date_from: dateSchema,
    date_to: dateSchema,
    team_id: idTextSchema.optional().catch(undefined),
  })
  .refine(datesInOrder, datesError);
export type TeamStatQuery = z.infer<typeof teamStatQuerySchema>;

/**
 * One row of figures. A patient belongs to the staff member of their first invited (or staff-made) enrolment at the
 * pharmacy; watched / answered / orders count that member's patients (docs/live.md). Team = sum of its members.
 */
export const teamFiguresSchema = z.object({
  invited: z.number().int(),
  enrolled: z.number().int(),
  watched: z.number().int(),
  watch_seconds: z.number().int(),
  answered: z.number().int(),
  orders: z.number().int(),
  amount: money,
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;
export const teamStatResultSchema = z.object({
  total: teamFiguresSchema,
  teams: z.array(
    teamFiguresSchema.extend({
      team_id: z.number().int().nullable(),
      team_name: z.string(),
      members: z.array(teamFiguresSchema.extend({ member_id: z.number().int(), name: z.string() })),
    }),
  ),
  /** Per Shanghai day of the range, for the chart. */
  daily: z.array(teamFiguresSchema.extend({ day: z.string() })),
});
export type TeamStatResult = z.infer<typeof teamStatResultSchema>;
export const teamOptionSchema = z.object({ id: z.number().int(), name: z.string() });

// ---------------------------------------------------------------- control room and comments

export const liveCommentSchema = z.object({
  id: z.number().int(),
  live_id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  staff: z.boolean(),
  content: z.string(),
  status: z.enum(['visible', 'hidden']),
  /** Whether its author is muted in this live (staff views). */
  muted: z.boolean(),
  created_at: z.string(),
});
export type LiveComment = z.infer<typeof liveCommentSchema>;
export const liveCommentsQuerySchema = z.object({
  /** Comments after this id (polling); none: the latest page. */
  after_id: idTextSchema.optional().catch(undefined),
});
export const liveCommentBodySchema = z.object({
  content: z
    .string({ error: liveMessages.commentEmpty })
    .trim()
    .min(1, { error: liveMessages.commentEmpty })
    .max(LIVE_COMMENT_MAX, { error: `最多 ${LIVE_COMMENT_MAX} 字` }),
});
export const liveMuteBodySchema = z.object({ account_id: idNumber('用户不正确') });
export const liveMuteParamSchema = z.object({ id: idTextSchema, account_id: idTextSchema });
export const liveControlRowSchema = liveDetailSchema.extend({
  viewers_now: z.number().int(),
  comment_count: z.number().int(),
});
export type LiveControlRow = z.infer<typeof liveControlRowSchema>;

// ---------------------------------------------------------------- the viewer (patient)

export const viewerLiveSchema = z.object({
  id: z.number().int(),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  title: z.string(),
  cover_url: z.string(),
  lecturer: z.string(),
  intro: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(liveStatuses),
  /** What the player plays now: the pull address while live, the replay after (when enabled); null otherwise. */
  play_url: z.string().nullable(),
  mode: z.enum(['live', 'replay']).nullable(),
  chat_enabled: z.boolean(),
  exam_enabled: z.boolean(),
  /** The bound combo (buy button), pinned or not. */
  quote_set: liveQuoteSetSchema.nullable(),
  combo_pinned: z.boolean(),
  materials: z.array(liveMaterialSchema),
  muted: z.boolean(),
  viewers_now: z.number().int(),
  exam_result: z.lazy(() => examResultSchema).nullable(),
});
export type ViewerLive = z.infer<typeof viewerLiveSchema>;

export const viewerPeriodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  column_id: z.number().int(),
  column_title: z.string(),
  column_cover_url: z.string(),
  column_intro: z.string(),
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
  enrolled: z.boolean(),
  lives: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      cover_url: z.string(),
      lecturer: z.string(),
      start_at: z.string(),
      status: z.enum(liveStatuses),
      sort: z.number().int(),
    }),
  ),
});
export type ViewerPeriod = z.infer<typeof viewerPeriodSchema>;
export const viewerInviteQuerySchema = z.object({ staff: idTextSchema.optional().catch(undefined) });
export const viewerInviteInfoSchema = viewerPeriodSchema.extend({ inviter_name: z.string().nullable() });
export const viewerEnrollBodySchema = z.object({ staff: idNumber('邀请人不正确').nullable().default(null) });

export const heartbeatBodySchema = z.object({ mode: z.enum(['live', 'replay'], { error: '观看方式不正确' }) });
export const heartbeatResultSchema = z.object({
  status: z.enum(liveStatuses),
  viewers_now: z.number().int(),
  combo_pinned: z.boolean(),
});
export const viewerCommentsResultSchema = z.object({ list: z.array(liveCommentSchema), muted: z.boolean() });

/** A question as the viewer sees it: no answer or analysis until the exam is submitted. */
export const examQuestionSchema = z.object({
  id: z.number().int(),
  type: z.enum(questionTypes),
  stem: z.string(),
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  score: z.number().int(),
  sort: z.number().int(),
});
export const examResultSchema = z.object({
  score: z.number().int(),
  total_score: z.number().int(),
  correct_count: z.number().int(),
  question_count: z.number().int(),
  passed: z.boolean(),
  submitted_at: z.string(),
  answers: z.array(
    z.object({
      question_id: z.number().int(),
      answer: z.array(z.string()),
      correct_answer: z.array(z.string()),
      correct: z.boolean(),
      analysis: z.string(),
    }),
  ),
});
export type ExamResult = z.infer<typeof examResultSchema>;
export const viewerExamSchema = z.object({
  open: z.boolean(),
  questions: z.array(examQuestionSchema),
  result: examResultSchema.nullable(),
});
export type ViewerExam = z.infer<typeof viewerExamSchema>;
export const examSubmitBodySchema = z.object({
  answers: z
    .array(z.object({ question_id: idNumber('题目不正确'), answer: z.array(z.string().max(1)).max(6) }))
    .max(100),
});
