import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { marketingManagerAccess, marketingStaffAccess } from './marketing.schema';
import {
  taskAssignBodySchema,
  taskCancelBodySchema,
  taskCommentBodySchema,
  taskCreateBodySchema,
  taskCreatedSchema,
  taskCustomerOptionSchema,
  taskCustomerOptionsQuerySchema,
  taskDetailSchema,
  taskDoneBodySchema,
  taskEditBodySchema,
  taskListQuerySchema,
  taskListResultSchema,
  taskStaffOptionSchema,
} from './task.schema';

export * from './task.schema';

const flowNote =
  'A guarded single UPDATE (status IN the action’s from); 0 rows → 404 when missing, else 409 任务已…，请刷新后查看. ' +
  'Only the assignee or a marketing manager may act (403).';

/** Marketing: tasks with their log (issue 16). customer_service sees tasks assigned to or created by them. */
export const taskContracts = defineContracts('task', {
  list: {
    method: 'GET',
    path: '/marketing/task/list',
    access: marketingStaffAccess,
    summary: '任务列表（按状态分页签，带数量）',
    query: taskListQuerySchema,
    response: taskListResultSchema,
  },
  customerOptions: {
    method: 'GET',
    path: '/marketing/task/customer_options',
    access: marketingStaffAccess,
    summary: '新建任务：搜索本药店客户',
    query: taskCustomerOptionsQuerySchema,
    response: z.array(taskCustomerOptionSchema),
  },
  staffOptions: {
    method: 'GET',
    path: '/marketing/task/staff_options',
    access: marketingStaffAccess,
    summary: '新建任务：本药店在职员工',
    response: z.array(taskStaffOptionSchema),
  },
  detail: {
    method: 'GET',
    path: '/marketing/task/:id',
    access: marketingStaffAccess,
    summary: '任务详情（含日志）',
    params: idParamSchema,
    response: taskDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/marketing/task',
    access: marketingStaffAccess,
    summary: '新建任务',
    body: taskCreateBodySchema,
    response: taskCreatedSchema,
  },
  edit: {
    method: 'PUT',
    path: '/marketing/task/:id',
    access: marketingStaffAccess,
    summary: '修改任务（标题、内容、截止时间；未结束的）',
    params: idParamSchema,
    body: taskEditBodySchema,
    response: taskDetailSchema,
  },
  start: {
    method: 'PUT',
    path: '/marketing/task/:id/start',
    access: marketingStaffAccess,
    summary: '开始处理任务',
    description: flowNote,
    params: idParamSchema,
    response: taskDetailSchema,
  },
  done: {
    method: 'PUT',
    path: '/marketing/task/:id/done',
    access: marketingStaffAccess,
    summary: '完成任务（填写处理结果）',
    description: flowNote,
    params: idParamSchema,
    body: taskDoneBodySchema,
    response: taskDetailSchema,
  },
  cancel: {
    method: 'PUT',
    path: '/marketing/task/:id/cancel',
    access: marketingStaffAccess,
    summary: '取消任务（填写原因）',
    description: flowNote,
    params: idParamSchema,
    body: taskCancelBodySchema,
    response: taskDetailSchema,
  },
  assign: {
    method: 'PUT',
    path: '/marketing/task/:id/assign',
    access: marketingManagerAccess,
    summary: '改派任务（主管）',
    params: idParamSchema,
    body: taskAssignBodySchema,
    response: taskDetailSchema,
  },
  comment: {
    method: 'POST',
    path: '/marketing/task/:id/comment',
    access: marketingStaffAccess,
    summary: '任务备注（写入日志）',
    params: idParamSchema,
    body: taskCommentBodySchema,
    response: taskDetailSchema,
  },
});
