import { z } from 'zod';
import { DATE_MAX, DATE_MIN, dateSchema, idNumber, idText } from '../common/fields';
import { pageQuerySchema, pageResultSchema } from '../common/paging';

// Tasks (任务, issue 16): a pharmacy's customer-service work on one customer — a follow-up call, a delivery check, a
// revisit reminder — with an assignee, a due time and a log of every change (task_log, written in the same
// transaction as the change). The flow table below is the one rule the server guards and the console's buttons follow.

// ---------------------------------------------------------------- vocabulary

export const taskKinds = ['follow_up', 'delivery_check', 'revisit'] as const;
export type TaskKind = (typeof taskKinds)[number];
export const taskKindLabels: Record<TaskKind, string> = {
  follow_up: '跟进回访',
  delivery_check: '送达确认',
  revisit: '复诊提醒',
};

/**
 * Who set the task: the pharmacy's own staff, or the platform operator (/website/task, issue 17). A platform task is
 * an ordinary task of the pharmacy (same table, same flow); the pharmacy's list tags it 平台.
 */
export const taskOrigins = ['pharmacy', 'platform'] as const;
export type TaskOrigin = (typeof taskOrigins)[number];
export const taskOriginLabels: Record<TaskOrigin, string> = { pharmacy: '药店', platform: '平台' };

export const taskStatuses = ['pending', 'in_progress', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof taskStatuses)[number];
export const taskStatusLabels: Record<TaskStatus, string> = {
  pending: '待处理',
  in_progress: '进行中',
  done: '已完成',
  cancelled: '已取消',
};
/** Open tasks: the ones that can still be worked on (and be overdue). */
export const taskOpenStatuses = ['pending', 'in_progress'] as const satisfies readonly TaskStatus[];
export const isTaskOpen = (status: TaskStatus) => (taskOpenStatuses as readonly TaskStatus[]).includes(status);

/** The list's tabs: 全部 and each status. */
export const taskTabs = ['all', ...taskStatuses] as const;
export type TaskTab = (typeof taskTabs)[number];

/** The flow: start (pending → in_progress), done (open → done, with a result), cancel (open → cancelled, a reason). */
export const taskFlowActions = ['start', 'done', 'cancel'] as const;
export type TaskFlowAction = (typeof taskFlowActions)[number];
export const taskFlow = {
  start: { from: ['pending'], to: 'in_progress', label: '开始处理' },
  done: { from: ['pending', 'in_progress'], to: 'done', label: '完成' },
  cancel: { from: ['pending', 'in_progress'], to: 'cancelled', label: '取消任务' },
} as const satisfies Record<TaskFlowAction, { from: readonly TaskStatus[]; to: TaskStatus; label: string }>;
export const canTaskFlow = (action: TaskFlowAction, status: TaskStatus) =>
  (taskFlow[action].from as readonly TaskStatus[]).includes(status);
/** The flow's actions open to a task in a status (the buttons the console shows, role permitting). */
export const taskActionsFor = (status: TaskStatus): TaskFlowAction[] =>
  taskFlowActions.filter((a) => canTaskFlow(a, status));

/** Overdue (已逾期): still open and its due time has passed. */
export const isTaskOverdue = (task: { status: TaskStatus; due_at: string | Date }, now: Date | number = Date.now()) =>
  isTaskOpen(task.status) && new Date(task.due_at).getTime() < new Date(now).getTime();

export const taskLogActions = ['create', 'edit', 'assign', 'start', 'done', 'cancel', 'comment'] as const;
export type TaskLogAction = (typeof taskLogActions)[number];
export const taskLogActionLabels: Record<TaskLogAction, string> = {
  create: '创建任务',
  edit: '修改任务',
  assign: '指派',
  start: '开始处理',
  done: '完成任务',
  cancel: '取消任务',
  comment: '备注',
};

/** What a 409 says the task has become meanwhile (任务已完成，请刷新后查看). */
const taskConflictTexts: Record<TaskStatus, string> = {
  pending: '任务状态已变化',
  in_progress: '任务已开始处理',
  done: '任务已完成',
  cancelled: '任务已取消',
};

export const TASK_TITLE_MAX = 100;
export const TASK_CONTENT_MAX = 500;
export const TASK_RESULT_MAX = 500;
export const TASK_REASON_MAX = 200;
export const TASK_COMMENT_MAX = 500;
export const TASK_ADDRESS_MAX = 200;

export const taskMessages = {
  notFound: '任务不存在',
  /** 409: the task changed under the caller (another person acted first). */
  conflict: (status: TaskStatus) => `${taskConflictTexts[status]}，请刷新后查看`,
  notOpen: '任务已结束，不能修改',
  notYours: '只有任务负责人或主管可以处理该任务',
  editNotAllowed: '只有任务创建人、负责人或主管可以修改该任务',
  dueInPast: '截止时间不能早于当前时间',
  orderNotFound: '订单不存在或不属于该客户',
  conversationNotFound: '会话不存在或不属于该客户',
  sameAssignee: '任务已由该员工负责',
  /** The assignee's message (lib/notify). */
  assignedTitle: '您有新的任务',
} as const;

// ---------------------------------------------------------------- fields

const text = (max: number, label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .max(max, { error: `${label}最多 ${max} 字` });
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: `${label}最多 ${max} 字` })
    .default('');
const dueAt = z.iso
  .datetime({ offset: true, error: '请选择截止时间' })
  .refine((v) => v.slice(0, 10) >= DATE_MIN && v.slice(0, 10) <= DATE_MAX, {
    error: `截止时间应在 ${DATE_MIN.slice(0, 4)} 至 ${DATE_MAX.slice(0, 4)} 年之间`,
  });

// ---------------------------------------------------------------- bodies

export const taskCreateBodySchema = z.object({
  kind: z.enum(taskKinds, { error: '请选择任务类型' }),
  title: text(TASK_TITLE_MAX, '任务标题'),
  content: optionalText(TASK_CONTENT_MAX, '任务内容'),
  customer_account_id: idNumber('请选择客户'),
  assignee_account_id: idNumber('请选择负责人'),
  due_at: dueAt,
  order_id: idNumber('订单不正确').nullish(),
  conversation_id: idNumber('会话不正确').nullish(),
  /** Defaults to the order's address for a delivery check. */
  address: optionalText(TASK_ADDRESS_MAX, '地址'),
});
export type TaskCreateBody = z.infer<typeof taskCreateBodySchema>;
export type TaskCreateInput = z.input<typeof taskCreateBodySchema>;

export const taskEditBodySchema = z.object({
  title: text(TASK_TITLE_MAX, '任务标题'),
  content: optionalText(TASK_CONTENT_MAX, '任务内容'),
  due_at: dueAt,
});
export type TaskEditBody = z.infer<typeof taskEditBodySchema>;

export const taskDoneBodySchema = z.object({ result: text(TASK_RESULT_MAX, '处理结果') });
export const taskCancelBodySchema = z.object({ reason: text(TASK_REASON_MAX, '取消原因') });
export const taskAssignBodySchema = z.object({ assignee_account_id: idNumber('请选择负责人') });
export const taskCommentBodySchema = z.object({ content: text(TASK_COMMENT_MAX, '备注') });

// ---------------------------------------------------------------- list

const optionalDate = dateSchema.optional().catch(undefined);
const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true')
  .optional()
  .catch(undefined);

export const taskListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(taskTabs).catch('all').default('all'),
    kind: z.enum(taskKinds).optional().catch(undefined),
    assignee_account_id: idText().optional().catch(undefined),
    /** The customer's name part, phone, or last four digits (`customer` is the create link's account id). */
    keyword: z.string().trim().max(50).optional().catch(undefined),
    customer_account_id: idText().optional().catch(undefined),
    /** Due date (Shanghai day) between these days. */
    due_from: optionalDate,
    due_to: optionalDate,
    /** Only overdue ones (open and past due). */
    overdue: flag,
  })
  .refine((q) => !q.due_from || !q.due_to || q.due_from <= q.due_to, {
    path: ['due_to'],
    error: '结束日期不能早于开始日期',
  });
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
export type TaskListInput = z.input<typeof taskListQuerySchema>;

export const taskTabCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  in_progress: z.number().int(),
  done: z.number().int(),
  cancelled: z.number().int(),
  /** Overdue among the filtered (open and past due). */
  overdue: z.number().int(),
});
export type TaskTabCounts = z.infer<typeof taskTabCountsSchema>;

const person = z.object({ account_id: z.number().int(), name: z.string() });

export const taskSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(taskKinds),
  origin: z.enum(taskOrigins),
  title: z.string(),
  status: z.enum(taskStatuses),
  customer: person.extend({ phone: z.string() }),
  assignee: person,
  creator: person.nullable(),
  due_at: z.string(),
  overdue: z.boolean(),
  order_id: z.number().int().nullable(),
  conversation_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const taskListResultSchema = pageResultSchema(taskSummarySchema).extend({ counts: taskTabCountsSchema });
export type TaskListResult = z.infer<typeof taskListResultSchema>;

export const taskLogSchema = z.object({
  id: z.number().int(),
  action: z.enum(taskLogActions),
  actor: person.nullable(),
  from_status: z.enum(taskStatuses).nullable(),
  to_status: z.enum(taskStatuses).nullable(),
  content: z.string(),
  created_at: z.string(),
});
export type TaskLog = z.infer<typeof taskLogSchema>;

export const taskDetailSchema = taskSummarySchema.extend({
  content: z.string(),
  address: z.string(),
  order_no: z.string().nullable(),
  result: z.string(),
  cancel_reason: z.string(),
  started_at: z.string().nullable(),
  done_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  logs: z.array(taskLogSchema),
  /** The flow's actions the caller may take now (status and role). */
  actions: z.array(z.enum(taskFlowActions)),
  can_edit: z.boolean(),
  can_assign: z.boolean(),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

// ---------------------------------------------------------------- pickers of the create dialog

export const taskCustomerOptionsQuerySchema = z.object({
  keyword: z.string().trim().max(50).optional().catch(undefined),
  /** Include this customer (the dialog's prefilled one) whatever the keyword. */
  account_id: idText().optional().catch(undefined),
});
export const taskCustomerOptionSchema = z.object({
  account_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
});
export type TaskCustomerOption = z.infer<typeof taskCustomerOptionSchema>;

export const taskStaffOptionSchema = z.object({
  account_id: z.number().int(),
  name: z.string(),
  role: z.string(),
});
export type TaskStaffOption = z.infer<typeof taskStaffOptionSchema>;

export const taskCreatedSchema = z.object({ id: z.number().int() });
