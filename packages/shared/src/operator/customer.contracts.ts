import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  adminCustomerCardSchema,
  adminCustomerListQuerySchema,
  adminCustomerListResultSchema,
  adminCustomerPhoneSchema,
} from './customer.schema';
import { operatorAccess } from './operator.schema';

export * from './customer.schema';

const notFound = 'An id that is not a member of any pharmacy (or no account) answers 404 「会员不存在」.';

/** Operator: 会员管理 — platform members, the customer card, audited phone reveal (issue 17, docs/operator.md). */
export const adminCustomerContracts = defineContracts('adminCustomer', {
  list: {
    method: 'GET',
    path: '/admin/viper',
    access: operatorAccess.viper,
    summary: '运营：平台会员列表（全部药店）',
    description:
      'Accounts that are a member (viper) of at least one pharmacy, newest account first; phones masked. Figures across the platform: orders (not deleted), the paid amount of paid, not cancelled orders, prescriptions. Pages bounded to the first 10,000 rows of a filter (400 beyond).',
    query: adminCustomerListQuerySchema,
    response: adminCustomerListResultSchema,
  },
  card: {
    method: 'GET',
    path: '/admin/customer_info/:id',
    access: operatorAccess.viper,
    summary: '运营：会员卡片',
    description: `The account (id = account id), its memberships and CRM rows per pharmacy, family members, addresses, latest orders, prescriptions and complaints; every phone masked. ${notFound}`,
    params: idParamSchema,
    response: adminCustomerCardSchema,
  },
  phone: {
    method: 'POST',
    path: '/admin/customer_info/:id/phone',
    access: operatorAccess.viper,
    summary: '运营：查看会员完整手机号（记录审计）',
    description: `Answers the full phone and writes the audit row customer.phone_reveal (operator, account:<id>) before answering: no reveal without its record. ${notFound}`,
    params: idParamSchema,
    response: adminCustomerPhoneSchema,
  },
});
