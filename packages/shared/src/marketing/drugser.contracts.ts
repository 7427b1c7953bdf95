import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import { familyMemberUpdateSchema } from '../patients/patients.schema';
import {
  adminDrugserListQuerySchema,
  drugserListQuerySchema,
  drugserRecipeListSchema,
  drugserSchema,
} from './drugser.schema';
import { marketingManagerAccess } from './marketing.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './drugser.schema';

const scopeNotes =
  "A pharmacy's medication users are the family members of its customers (accounts with a customer_info or a viper row at the pharmacy); any other id answers 404 like a missing one.";

/** Marketing: 用药人 (issue 16, spec §7 marketing family_member and rx). */
export const drugserContracts = defineContracts('drugser', {
  list: {
    method: 'GET',
    path: '/marketing/family_member',
    access: marketingManagerAccess,
    summary: '用药人列表（关键词、性别、年龄段、过敏史）',
    description: `${scopeNotes} Keyword: a full mobile number (the member's or the customer's), its last four digits, or part of a name. Age and gender filters read the stored birthday and gender (set from the ID number).`,
    query: drugserListQuerySchema,
    response: pageResultSchema(drugserSchema),
  },
  detail: {
    method: 'GET',
    path: '/marketing/family_member/:id',
    access: marketingManagerAccess,
    summary: '用药人详情',
    description: scopeNotes,
    params: idParamSchema,
    response: drugserSchema,
  },
  update: {
    method: 'PUT',
    path: '/marketing/family_member/:id',
    access: marketingManagerAccess,
    summary: '编辑用药人（姓名、手机号、关系、身份证号、病史）',
    description: `${scopeNotes} The body is the patient's own family member edit (only the fields sent change; the ID number checked with GB 11643; histories from the content collections). Audited as drugser.update.`,
    params: idParamSchema,
    body: familyMemberUpdateSchema,
    response: drugserSchema,
  },
  recipes: {
    method: 'GET',
    path: '/marketing/family_member/:id/rx',
    access: marketingManagerAccess,
    summary: '用药人的处方（本药店，最新 100 张）',
    description: scopeNotes,
    params: idParamSchema,
    response: drugserRecipeListSchema,
  },
  adminList: {
    method: 'GET',
    path: '/admin/family_member',
    access: { admin: 'viper' },
    summary: '平台用药人列表（可按药店筛选）',
    description:
      'Every family member of the platform (pharmacy_id: those of that pharmacy’s customers). Same filters as the pharmacy list.',
    query: adminDrugserListQuerySchema,
    response: pageResultSchema(drugserSchema),
  },
  adminDetail: {
    method: 'GET',
    path: '/admin/family_member/:id',
    access: { admin: 'viper' },
    summary: '平台用药人详情（只读）',
    params: idParamSchema,
    response: drugserSchema,
  },
  adminRecipes: {
    method: 'GET',
    path: '/admin/family_member/:id/rx',
    access: { admin: 'viper' },
    summary: '平台用药人的处方（各药店，最新 100 张）',
    params: idParamSchema,
    response: drugserRecipeListSchema,
  },
});
