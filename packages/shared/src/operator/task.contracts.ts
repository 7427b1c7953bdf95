import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  taskCancelBodySchema,
  taskCreatedSchema,
  taskCustomerOptionSchema,
  taskStaffOptionSchema,
} from '../marketing/task.schema';
import { operatorAccess } from './operator.schema';
import {
  adminTaskCreateBodySchema,
  adminTaskCustomerOptionsQuerySchema,
  adminTaskDetailSchema,
  adminTaskListQuerySchema,
  adminTaskListResultSchema,
  adminTaskPharmacyOptionSchema,
  adminTaskStaffOptionsQuerySchema,
} from './task.schema';

export * from './task.schema';

const access = operatorAccess.task;

/** Operator: 任务管理 — every pharmacy's tasks, platform tasks created and cancelled (spec §7 admin/task, issue 17). */
export const adminTaskContracts = defineContracts('adminTask', {
  list: {
    method: 'GET',
    path: '/admin/task',
    access,
    summary: '运营：全部药店的任务（来源、状态分页签带数量、药店、负责人、截止日期、已逾期）',
    query: adminTaskListQuerySchema,
    response: adminTaskListResultSchema,
  },
  log: {
    method: 'GET',
    path: '/admin/task/:id/log',
    access,
    summary: '运营：任务详情与日志',
    params: idParamSchema,
    response: adminTaskDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/admin/task',
    access,
    summary: '运营：新建平台任务',
    description:
      'origin platform, created_by the operator, a task_log create row and the assignee’s message in one transaction. ' +
      'The customer must be a member of the pharmacy and the assignee an active staff member of it (400 naming the field).',
    body: adminTaskCreateBodySchema,
    response: taskCreatedSchema,
  },
  cancel: {
    method: 'POST',
    path: '/admin/task/:id/cancel',
    access,
    summary: '运营：取消平台任务（填写原因）',
    description:
      'Platform tasks only (403 otherwise). A guarded single UPDATE (status pending | in_progress) and its task_log row in ' +
      'one transaction; 0 rows → 404 when missing, else 409 任务已…，请刷新后查看.',
    params: idParamSchema,
    body: taskCancelBodySchema,
    response: adminTaskDetailSchema,
  },
  pharmacyOptions: {
    method: 'GET',
    path: '/admin/task/pharmacy_options',
    access,
    summary: '运营任务：药店选项',
    response: z.array(adminTaskPharmacyOptionSchema),
  },
  customerOptions: {
    method: 'GET',
    path: '/admin/task/customer_options',
    access,
    summary: '运营任务：搜索药店会员（手机号、尾号4位或姓名）',
    query: adminTaskCustomerOptionsQuerySchema,
    response: z.array(taskCustomerOptionSchema),
  },
  staffOptions: {
    method: 'GET',
    path: '/admin/task/staff_options',
    access,
    summary: '运营任务：药店在职员工',
    query: adminTaskStaffOptionsQuerySchema,
    response: z.array(taskStaffOptionSchema),
  },
});
