import { z } from 'zod';
import { defineContracts, fileField } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { operatorAccess } from './operator.schema';
import {
  adminReportDetailSchema,
  adminReportListQuerySchema,
  adminReportListResultSchema,
  myReportListQuerySchema,
  myReportListResultSchema,
  myReportSchema,
  reportCreateBodySchema,
  reportProcessBodySchema,
  reportRejectBodySchema,
  reportTargetsQuerySchema,
  reportTargetsResultSchema,
  reportUploadResultSchema,
} from './report.schema';

export * from './report.schema';

const decided =
  'One guarded UPDATE (status pending → processed | rejected): a complaint already decided answers 409 (operatorMessages.alreadyHandled) and changes nothing; a missing one 404. The complainant gets a system message in the same transaction.';

/** Operator: 投诉管理 — complaints (issue 17), and the patient's side (/patient/complaint). */
export const reportContracts = defineContracts('report', {
  adminList: {
    method: 'GET',
    path: '/admin/report',
    access: operatorAccess.report,
    summary: '运营：投诉列表（状态标签计数）',
    query: adminReportListQuerySchema,
    response: adminReportListResultSchema,
  },
  adminDetail: {
    method: 'GET',
    path: '/admin/report/:id',
    access: operatorAccess.report,
    summary: '运营：投诉详情（图片、投诉对象）',
    params: idParamSchema,
    response: adminReportDetailSchema,
  },
  process: {
    method: 'POST',
    path: '/admin/report/:id/process',
    access: operatorAccess.report,
    summary: '运营：处理投诉（填写处理结果）',
    description: decided,
    params: idParamSchema,
    body: reportProcessBodySchema,
    response: adminReportDetailSchema,
  },
  reject: {
    method: 'POST',
    path: '/admin/report/:id/reject',
    access: operatorAccess.report,
    summary: '运营：驳回投诉（填写原因）',
    description: decided,
    params: idParamSchema,
    body: reportRejectBodySchema,
    response: adminReportDetailSchema,
  },
  mine: {
    method: 'GET',
    path: '/user/report',
    access: { signedIn: true },
    summary: '我的投诉',
    query: myReportListQuerySchema,
    response: myReportListResultSchema,
  },
  targets: {
    method: 'GET',
    path: '/user/report/targets',
    access: { signedIn: true },
    summary: '可投诉的对象（我的订单、下过单的药店、为我开过处方的医生、看过的直播）',
    query: reportTargetsQuerySchema,
    response: reportTargetsResultSchema,
  },
  create: {
    method: 'POST',
    path: '/user/report',
    access: { signedIn: true },
    summary: '提交投诉',
    description:
      'The target must be one of the caller’s own (their order, a pharmacy they ordered from, a doctor of their prescriptions, a live they watched); anything else answers 404 like a missing one.',
    body: reportCreateBodySchema,
    response: myReportSchema,
  },
  upload: {
    method: 'POST',
    path: '/user/report/upload',
    access: { signedIn: true },
    summary: '上传投诉图片（jpg / png / webp，不超过 5MB）',
    multipart: true,
    body: z.object({ file: fileField() }),
    response: reportUploadResultSchema,
  },
});
