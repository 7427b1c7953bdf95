import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  healthChartQuerySchema,
  healthChartSchema,
  healthDecisionSchema,
  healthFormDetailSchema,
  healthFormListQuerySchema,
  healthFormPageSchema,
  healthMeasurementBodySchema,
  healthResetBodySchema,
  healthSubmitBodySchema,
  myHealthEntrySchema,
  myHealthSubmitResultSchema,
} from './health.schema';

// The package index exports this file; the schemas travel with it.
export * from './health.schema';

/** Health forms: the doctor's review list, approve, reject (reset for the patient), the health chart; the patient's own forms and measurements. */
export const healthContracts = defineContracts('health', {
  list: {
    method: 'GET',
    path: '/health_collection',
    access: { doctor: true },
    summary: '医生的健康表审核列表（待审核/审核通过/已驳回，含各状态数量）',
    query: healthFormListQuerySchema,
    response: healthFormPageSchema,
  },
  detail: {
    method: 'GET',
    path: '/health_collection/:id',
    access: { doctor: true },
    summary: '健康表详情（全部答案与就诊人资料）',
    description: "Only a form assigned to the calling doctor; another doctor's form answers 404 like a missing one.",
    params: idParamSchema,
    response: healthFormDetailSchema,
  },
  approve: {
    method: 'PUT',
    path: '/health_collection/:id/approve',
    access: { doctor: true },
    summary: '审核通过健康表',
    description: 'Guarded: only a submitted form; a form already decided answers 409.',
    params: idParamSchema,
    response: healthDecisionSchema,
  },
  reset: {
    method: 'PUT',
    path: '/health_collection/:id/reset',
    access: { doctor: true },
    summary: '驳回健康表（重置给患者重新填写）',
    description: 'Guarded: only a submitted form; the patient is notified with the reason. A decided form answers 409.',
    params: idParamSchema,
    body: healthResetBodySchema,
    response: healthDecisionSchema,
  },
  chart: {
    method: 'GET',
    path: '/health_collection/:id/chart',
    access: { doctor: true },
    summary: '健康曲线（该就诊人近一年的身高、体重、BMI、血压、血糖）',
    params: idParamSchema,
    response: healthChartSchema,
  },
  mine: {
    method: 'GET',
    path: '/health_collection/mine',
    access: { signedIn: true },
    summary: '我的健康档案（每位就诊人最新的健康表）',
    response: z.array(myHealthEntrySchema),
  },
  submit: {
    method: 'PUT',
    path: '/health_collection/mine',
    access: { signedIn: true },
    summary: '提交健康表（待审核的可重新提交覆盖）',
    description: "Another account's family member answers 404. Writes the form's measurements for the chart.",
    body: healthSubmitBodySchema,
    response: myHealthSubmitResultSchema,
  },
  addMeasurement: {
    method: 'POST',
    path: '/health_collection/mine/measurement',
    access: { signedIn: true },
    summary: '记录一次测量（身高、体重、血压、血糖任一项）',
    body: healthMeasurementBodySchema,
    response: z.object({ id: z.number() }),
  },
  myChart: {
    method: 'GET',
    path: '/health_collection/mine/chart',
    access: { signedIn: true },
    summary: '我的就诊人健康曲线（近一年）',
    query: healthChartQuerySchema,
    response: healthChartSchema,
  },
});
