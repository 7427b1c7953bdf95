import { z } from 'zod';
import { defineContracts, fileField } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  consultationCreateBodySchema,
  consultationCreatedSchema,
  consultationDecisionSchema,
  consultationDetailSchema,
  consultationListQuerySchema,
  consultationListResultSchema,
  consultationMineParamsSchema,
  consultationMineQuerySchema,
  consultationMineSchema,
  consultationMineUpdateBodySchema,
  consultationPatientLookupSchema,
  consultationPatientQuerySchema,
  consultationRejectBodySchema,
} from './consultation.schema';

// The package index exports this file; the schemas travel with it.
export * from './consultation.schema';

/** Consultation requests: the doctor's list, detail, approve, reject; added by a doctor for a patient; the patient's own (images). */
export const consultationContracts = defineContracts('consultation', {
  list: {
    method: 'GET',
    path: '/consultation_request',
    access: { doctor: true },
    summary: '医生的问诊需求列表（状态页签及数量、患者姓名或手机号、日期范围）',
    query: consultationListQuerySchema,
    response: consultationListResultSchema,
  },
  patients: {
    method: 'GET',
    path: '/consultation_request/patients',
    access: { doctor: true },
    summary: '按手机号查找患者及其就诊人（医生添加问诊需求）',
    query: consultationPatientQuerySchema,
    response: consultationPatientLookupSchema,
  },
  create: {
    method: 'POST',
    path: '/consultation_request',
    access: { doctor: true },
    summary: '医生为患者添加问诊需求（分配给本人，待接诊）',
    body: consultationCreateBodySchema,
    response: consultationCreatedSchema,
  },
  mine: {
    method: 'GET',
    path: '/consultation_request/mine',
    access: { signedIn: true },
    summary: '我的问诊需求（状态、拒绝原因、处方编号）',
    query: consultationMineQuerySchema,
    response: pageResultSchema(consultationMineSchema),
  },
  updateMine: {
    method: 'PUT',
    path: '/consultation_request/mine/:id',
    access: { signedIn: true },
    summary: '补充处方或病历图片、病情描述（仅待接诊时）',
    params: consultationMineParamsSchema,
    body: consultationMineUpdateBodySchema,
    response: consultationMineSchema,
  },
  uploadMine: {
    method: 'POST',
    path: '/consultation_request/mine/:id/image',
    multipart: true,
    access: { signedIn: true },
    summary: '上传处方或病历图片（png/jpg/webp，最大 10 MB；仅待接诊时，追加到该问诊需求）',
    params: consultationMineParamsSchema,
    body: z.object({ file: fileField(), folder: z.string().max(100).optional() }),
    response: consultationMineSchema,
  },
  get: {
    method: 'GET',
    path: '/consultation_request/:id',
    access: { doctor: true },
    summary: '问诊需求详情（就诊人及过敏史、家族史、既往史，需要的药品，图片，订单）',
    params: idParamSchema,
    response: consultationDetailSchema,
  },
  approve: {
    method: 'PUT',
    path: '/consultation_request/:id/approve',
    access: { doctor: true },
    summary: '接诊（待接诊 → 已接诊）',
    params: idParamSchema,
    response: consultationDecisionSchema,
  },
  reject: {
    method: 'PUT',
    path: '/consultation_request/:id/reject',
    access: { doctor: true },
    summary: '拒绝（待接诊或已接诊 → 已拒绝；待审方的订单取消并退款，通知患者）',
    params: idParamSchema,
    body: consultationRejectBodySchema,
    response: consultationDecisionSchema,
  },
});
