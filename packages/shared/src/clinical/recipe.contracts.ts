import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { recipeCheckResultSchema, recipeDetailSchema } from './clinical.schema';
import {
  commonDiagnoseBodySchema,
  commonDiagnoseParamsSchema,
  commonDiagnoseSchema,
  doctorIdParamSchema,
  doctorProfileSchema,
  doctorProfileUpdateSchema,
  recipeCheckBodySchema,
  recipeConsultationSchema,
  recipeDoctorListQuerySchema,
  recipeDoctorListResultSchema,
  recipeProductOptionSchema,
  recipeProductQuerySchema,
  recipeWriteBodySchema,
  recipeWrittenSchema,
} from './recipe.schema';

// The package index exports this file; the schemas travel with it.
export * from './recipe.schema';

/** Prescriptions as the doctor writes them: the doctor's list with tab counts, write, check (inspection aids), detail, void; the doctor's profile and common diagnoses. */
export const recipeContracts = defineContracts('recipe', {
  doctorList: {
    method: 'GET',
    path: '/recipe/doctor',
    access: { doctor: true },
    summary: '医生的处方列表（状态页签及数量、患者姓名、处方编号、日期范围；新的在前）',
    query: recipeDoctorListQuerySchema,
    response: recipeDoctorListResultSchema,
  },
  doctorDetail: {
    method: 'GET',
    path: '/recipe/doctor/:id',
    access: { doctor: true },
    summary: '医生查看自己开具的处方',
    description: "Another doctor's prescription answers 404 like a missing one.",
    params: idParamSchema,
    response: recipeDetailSchema,
  },
  check: {
    method: 'POST',
    path: '/recipe/check',
    access: { doctor: true },
    summary: '用药检查（过敏史、重复用药、数量、儿童体重、天数）：开方时实时调用',
    description:
      'Runs the inspection aids on the lines for the patient of a consultation request of this doctor or a family member. status unavailable when the checks could not run (never an empty ok).',
    body: recipeCheckBodySchema,
    response: recipeCheckResultSchema,
  },
  write: {
    method: 'POST',
    path: '/recipe',
    access: { doctor: true },
    summary: '开具处方（来自已接诊的问诊需求，或直接为就诊人开具）→ 待审方',
    description:
      'From an approved consultation request of this doctor (the request becomes prescribed in the same transaction; 409 when it is no longer approved) or for a family member at a pharmacy. The same generic drug twice is refused; every warning of the inspection aids needs an override reason; the doctor needs a signature.',
    body: recipeWriteBodySchema,
    response: recipeWrittenSchema,
  },
  void: {
    method: 'PUT',
    path: '/recipe/:id/void',
    access: { doctor: true },
    summary: '作废处方（仅待审方；问诊需求回到已接诊，可重新开方）',
    params: idParamSchema,
    response: recipeWrittenSchema,
  },
  consultation: {
    method: 'GET',
    path: '/recipe/consultation/:id',
    access: { doctor: true },
    summary: '开方时读取问诊需求（患者、过敏史、所需药品）',
    params: idParamSchema,
    response: recipeConsultationSchema,
  },
  products: {
    method: 'GET',
    path: '/recipe/products',
    access: { doctor: true },
    summary: '开方选药：按名称、通用名搜索在售药品（最多 20 条），或按 ids 读取',
    query: recipeProductQuerySchema,
    response: z.array(recipeProductOptionSchema),
  },
  profile: {
    method: 'GET',
    path: '/mp/manager/doctor',
    access: { doctor: true },
    summary: '医生本人的资料（医院、科室、职称、执业证号、简介、电子签名）',
    response: doctorProfileSchema,
  },
  updateProfile: {
    method: 'PUT',
    path: '/mp/manager/doctor',
    access: { doctor: true },
    summary: '修改医生本人的资料（电子签名为上传的图片）',
    body: doctorProfileUpdateSchema,
    response: doctorProfileSchema,
  },
  commonDiagnoses: {
    method: 'GET',
    path: '/common_diagnose/:doctor_id',
    access: { doctor: true },
    summary: '医生的常用诊断',
    description: "Only the doctor's own id; another answers 404.",
    params: doctorIdParamSchema,
    response: z.array(commonDiagnoseSchema),
  },
  addCommonDiagnose: {
    method: 'POST',
    path: '/common_diagnose/:doctor_id',
    access: { doctor: true },
    summary: '添加常用诊断（不重复，最多 50 条）',
    params: doctorIdParamSchema,
    body: commonDiagnoseBodySchema,
    response: commonDiagnoseSchema,
  },
  removeCommonDiagnose: {
    method: 'DELETE',
    path: '/common_diagnose/:doctor_id/:id',
    access: { doctor: true },
    summary: '删除常用诊断',
    params: commonDiagnoseParamsSchema,
    response: z.null(),
  },
});
