import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import { pharmacyRoles } from '../common/roles';
import {
  courierBodySchema,
  courierCompanySchema,
  courierListQuerySchema,
  pharmacyCourierSchema,
  pharmacySettingBodySchema,
  pharmacySettingSchema,
  qualificationAlertsSchema,
  qualificationBodySchema,
  qualificationListSchema,
  qualificationSchema,
  receivingAccountBodySchema,
  receivingAccountSchema,
} from './pharmacy-settings.schema';

// The package index exports this file; the schemas travel with it.
export * from './pharmacy-settings.schema';

/** Every page here (药店设置, its aptitude dialog, 快递设置) is behind the pharmacy_setting key. */
const access = { pharmacy: 'pharmacy_setting' } as const;

/** A pharmacy's settings, receiving account, qualifications (aptitude) and couriers. */
export const pharmacySettingsContracts = defineContracts('pharmacySetting', {
  getSetting: {
    method: 'GET',
    path: '/pharmacy/setting',
    access,
    summary: '药店设置（运费、包邮门槛、自动确认收货、默认快递、客服电话）',
    response: pharmacySettingSchema,
  },
  updateSetting: {
    method: 'PUT',
    path: '/pharmacy/setting',
    access,
    summary: '保存药店设置',
    description: 'default_courier must be the code of one of the pharmacy enabled couriers (or empty to clear).',
    body: pharmacySettingBodySchema,
    response: pharmacySettingSchema,
  },
  getReceivingAccount: {
    method: 'GET',
    path: '/pharmacy/receiving_account',
    access,
    summary: '收款账户（账号仅显示后四位）',
    response: receivingAccountSchema,
  },
  updateReceivingAccount: {
    method: 'PUT',
    path: '/pharmacy/receiving_account',
    access,
    summary: '保存收款账户（账号留空则保留原账号）',
    body: receivingAccountBodySchema,
    response: receivingAccountSchema,
  },
  qualificationList: {
    method: 'GET',
    path: '/pharmacy/qualification',
    access,
    summary: '资质证照列表（含到期状态）',
    response: qualificationListSchema,
  },
  qualificationAlerts: {
    method: 'GET',
    path: '/pharmacy/qualification/alerts',
    // every staff role of the pharmacy sees the header's warning (a pharmacist passes no key check, so roles)
    access: { pharmacy: null, roles: pharmacyRoles },
    summary: '当前药店资质到期提醒（已过期、即将到期数量）',
    response: qualificationAlertsSchema,
  },
  createQualification: {
    method: 'POST',
    path: '/pharmacy/qualification',
    access,
    summary: '添加资质证照',
    body: qualificationBodySchema,
    response: qualificationSchema,
  },
  updateQualification: {
    method: 'PUT',
    path: '/pharmacy/qualification/:id',
    access,
    summary: '修改资质证照',
    params: idParamSchema,
    body: qualificationBodySchema,
    response: qualificationSchema,
  },
  removeQualification: {
    method: 'DELETE',
    path: '/pharmacy/qualification/:id',
    access,
    summary: '删除资质证照',
    params: idParamSchema,
    response: z.null(),
  },
  courierCompanies: {
    method: 'GET',
    path: '/pharmacy/courier/companies',
    access,
    summary: '可选快递公司（规范中的快递编码，名称取自 express_company）',
    response: z.array(courierCompanySchema),
  },
  courierList: {
    method: 'GET',
    path: '/pharmacy/courier',
    access,
    summary: '快递列表（按快递公司、状态筛选；寄件电话脱敏）',
    query: courierListQuerySchema,
    response: pageResultSchema(pharmacyCourierSchema),
  },
  courierDetail: {
    method: 'GET',
    path: '/pharmacy/courier/:id',
    access,
    summary: '快递详情（编辑用）',
    params: idParamSchema,
    response: pharmacyCourierSchema,
  },
  createCourier: {
    method: 'POST',
    path: '/pharmacy/courier',
    access,
    summary: '添加快递',
    body: courierBodySchema,
    response: pharmacyCourierSchema,
  },
  updateCourier: {
    method: 'PUT',
    path: '/pharmacy/courier/:id',
    access,
    summary: '修改快递',
    description: 'The default courier cannot be disabled (set another one as default first).',
    params: idParamSchema,
    body: courierBodySchema,
    response: pharmacyCourierSchema,
  },
  removeCourier: {
    method: 'DELETE',
    path: '/pharmacy/courier/:id',
    access,
    summary: '删除快递',
    description: 'The default courier cannot be deleted (409).',
    params: idParamSchema,
    response: z.null(),
  },
  setDefaultCourier: {
    method: 'PUT',
    path: '/pharmacy/courier/:id/default',
    access,
    summary: '设为默认快递',
    description: 'Exactly one default per pharmacy, also under concurrent calls; a disabled courier is refused.',
    params: idParamSchema,
    response: pharmacyCourierSchema,
  },
});
