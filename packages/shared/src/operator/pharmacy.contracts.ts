import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { qualificationBodySchema } from '../pharmacy-settings/pharmacy-settings.schema';
import { operatorAccess } from './operator.schema';
import {
  adminPharmacyChecklistBodySchema,
  adminPharmacyCreateBodySchema,
  adminPharmacyDetailSchema,
  adminPharmacyFiltersSchema,
  adminPharmacyListQuerySchema,
  adminPharmacyListResultSchema,
  adminPharmacyReasonBodySchema,
} from './pharmacy.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './pharmacy.schema';

const access = operatorAccess.pharmacy;
const guarded =
  'One guarded UPDATE … WHERE id = :id AND status = <from>: a missing pharmacy answers 404, one in another status 409 (two concurrent decisions: one wins). The owner gets a message; the decision is audited in the same transaction.';

/** Operator: 药店管理 — onboarding, suspension, qualifications, staff (issue 17). */
export const adminPharmacyContracts = defineContracts('adminPharmacy', {
  list: {
    method: 'GET',
    path: '/admin/pharmacy',
    access,
    summary: '药店列表（状态标签计数、城市、集团、资质即将到期）',
    query: adminPharmacyListQuerySchema,
    response: adminPharmacyListResultSchema,
  },
  filters: {
    method: 'GET',
    path: '/admin/pharmacy/filters',
    access,
    summary: '药店列表的筛选项（城市、集团）',
    response: adminPharmacyFiltersSchema,
  },
  detail: {
    method: 'GET',
    path: '/admin/pharmacy/:id',
    access,
    summary: '药店详情：基本信息、资质（到期提醒）、核对清单、员工、集团',
    params: idParamSchema,
    response: adminPharmacyDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/admin/pharmacy',
    access,
    summary: '新增药店（录入入驻申请，店主账号不存在时创建）',
    description:
      'Creates a pending pharmacy with its documents; the owner’s account (by phone) is created when missing and gets a shop membership. An existing pharmacy of the same name answers 409.',
    body: adminPharmacyCreateBodySchema,
    response: adminPharmacyDetailSchema,
  },
  addQualification: {
    method: 'POST',
    path: '/admin/pharmacy/:id/qualification',
    access,
    summary: '为入驻申请补充资质文件',
    description: 'Only while the application is pending (409 otherwise).',
    params: idParamSchema,
    body: qualificationBodySchema,
    response: adminPharmacyDetailSchema,
  },
  checklist: {
    method: 'PUT',
    path: '/admin/pharmacy/:id/checklist',
    access,
    summary: '核对资质（勾选 / 取消）',
    description:
      'Only while pending (409 otherwise); a kind without a document on file cannot be checked (400 naming kind).',
    params: idParamSchema,
    body: adminPharmacyChecklistBodySchema,
    response: adminPharmacyDetailSchema,
  },
  approve: {
    method: 'POST',
    path: '/admin/pharmacy/:id/approve',
    access,
    summary: '通过入驻申请（必需资质须全部核对）',
    description: `pending → active, refused (409) until every required document is checked. ${guarded}`,
    params: idParamSchema,
    response: adminPharmacyDetailSchema,
  },
  reject: {
    method: 'POST',
    path: '/admin/pharmacy/:id/reject',
    access,
    summary: '驳回入驻申请（填写原因）',
    description: `pending → rejected with the reason its staff see. ${guarded}`,
    params: idParamSchema,
    body: adminPharmacyReasonBodySchema,
    response: adminPharmacyDetailSchema,
  },
  suspend: {
    method: 'POST',
    path: '/admin/pharmacy/:id/suspend',
    access,
    summary: '暂停营业（填写原因）',
    description: `active → suspended: its quotes leave the public site, its staff are refused with the reason. ${guarded}`,
    params: idParamSchema,
    body: adminPharmacyReasonBodySchema,
    response: adminPharmacyDetailSchema,
  },
  resume: {
    method: 'POST',
    path: '/admin/pharmacy/:id/resume',
    access,
    summary: '恢复营业',
    description: `suspended → active. ${guarded}`,
    params: idParamSchema,
    response: adminPharmacyDetailSchema,
  },
});
