import { z } from 'zod';
import { idNumber, idText } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  TASK_ADDRESS_MAX,
  taskCreateBodySchema,
  taskDetailSchema,
  taskListQuerySchema,
  taskOrigins,
  taskSummarySchema,
  taskTabCountsSchema,
} from '../marketing/task.schema';

// Platform tasks (任务管理 /website/task, issue 17): the operator sets a task for a pharmacy's staff member about one
// of that pharmacy's customers (a delivery follow-up, a complaint's revisit …). It is an ordinary `task` row with
// origin 'platform': the same flow, the same log, shown in the pharmacy's own task list with a 平台 tag. The shapes
// below extend the marketing task schemas (marketing/task.schema.ts); nothing of them is repeated here.

export const adminTaskMessages = {
  /** The customer is not a member (viper or CRM card) of the chosen pharmacy. */
  customerNotMember: '该客户不是所选药店的会员',
  /** The assignee is not an active staff member of the chosen pharmacy. */
  assigneeNotStaff: '负责人不是所选药店的在职员工',
  pharmacyNotActive: '只能为正常营业的药店创建任务',
  /** The operator cancels the platform's own tasks; a pharmacy's tasks are the pharmacy's. */
  notPlatformTask: '只能取消平台创建的任务',
} as const;

// ---------------------------------------------------------------- list

/** The pharmacy's list filters plus origin (平台 / 药店) and the pharmacy (a query parameter, not the header). */
export const adminTaskListQuerySchema = taskListQuerySchema.safeExtend({
  origin: z.enum(taskOrigins).optional().catch(undefined),
  pharmacy_id: idText().optional().catch(undefined),
});
export type AdminTaskListQuery = z.infer<typeof adminTaskListQuerySchema>;
export type AdminTaskListInput = z.input<typeof adminTaskListQuerySchema>;

const pharmacyRef = z.object({ id: z.number().int(), name: z.string() });

export const adminTaskSummarySchema = taskSummarySchema.extend({ pharmacy: pharmacyRef });
export type AdminTaskSummary = z.infer<typeof adminTaskSummarySchema>;

export const adminTaskListResultSchema = pageResultSchema(adminTaskSummarySchema).extend({
  counts: taskTabCountsSchema,
});
export type AdminTaskListResult = z.infer<typeof adminTaskListResultSchema>;

/** `GET /admin/task/:id/log`: the task with its whole log; `can_cancel` is whether the operator may cancel it now. */
export const adminTaskDetailSchema = taskDetailSchema
  .omit({ actions: true, can_edit: true, can_assign: true })
  .extend({ pharmacy: pharmacyRef, can_cancel: z.boolean() });
export type AdminTaskDetail = z.infer<typeof adminTaskDetailSchema>;

// ---------------------------------------------------------------- create (the form dialog)

/** The address dialog's parts (a pasted address discerned, then edited); saved into task.address as one line. */
export const adminTaskAddressSchema = z.object({
  name: z.string().trim().max(20, { error: '收货人最多 20 字' }).default(''),
  phone: z
    .string()
    .trim()
    .max(20, { error: '电话最多 20 位' })
    .regex(/^[\d\- +()转]*$/, { error: '电话格式不正确' })
    .default(''),
  province: z.string().trim().max(20).default(''),
  city: z.string().trim().max(20).default(''),
  district: z.string().trim().max(20).default(''),
  detail: z
    .string({ error: '请填写详细地址' })
    .trim()
    .min(1, { error: '请填写详细地址' })
    .max(120, { error: '详细地址最多 120 字' }),
});
export type AdminTaskAddress = z.infer<typeof adminTaskAddressSchema>;
export type AdminTaskAddressInput = z.input<typeof adminTaskAddressSchema>;

/**
 * The one line a task keeps (`张三 13812345678 上海市浦东新区张江路 88 号`): the same shape as a delivery check's
 * address taken from an order (name, phone, then the region and the detail run together).
 */
export function adminTaskAddressLine(a: AdminTaskAddressInput): string {
  const region = [a.province, a.city, a.district]
    .map((s) => (s ?? '').trim())
    .filter((s, i, all) => s && all.indexOf(s) === i) // 上海市 上海市 浦东新区: a municipality once
    .join('');
  return [a.name?.trim(), a.phone?.trim(), `${region}${a.detail.trim()}`]
    .filter(Boolean)
    .join(' ')
    .slice(0, TASK_ADDRESS_MAX);
}

/** 新建任务 by the operator: the pharmacy's task fields plus the pharmacy (no order, no conversation). */
export const adminTaskCreateBodySchema = taskCreateBodySchema
  .pick({
    kind: true,
    title: true,
    content: true,
    customer_account_id: true,
    assignee_account_id: true,
    due_at: true,
    address: true,
  })
  .extend({ pharmacy_id: idNumber('请选择药店') });
export type AdminTaskCreateBody = z.infer<typeof adminTaskCreateBodySchema>;
export type AdminTaskCreateInput = z.input<typeof adminTaskCreateBodySchema>;

// ---------------------------------------------------------------- pickers

export const adminTaskPharmacyOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Only an active pharmacy takes new tasks (the list filter offers all). */
  active: z.boolean(),
});
export type AdminTaskPharmacyOption = z.infer<typeof adminTaskPharmacyOptionSchema>;

/** The members of one pharmacy: a full phone, its last four digits or a name part. */
export const adminTaskCustomerOptionsQuerySchema = z.object({
  pharmacy_id: idText('请选择药店'),
  keyword: z.string().trim().max(50).optional().catch(undefined),
});

export const adminTaskStaffOptionsQuerySchema = z.object({ pharmacy_id: idText('请选择药店') });
