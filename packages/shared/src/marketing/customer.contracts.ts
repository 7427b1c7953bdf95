import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  customerCardSchema,
  customerFollowUpSchema,
  customerListItemSchema,
  customerListQuerySchema,
  customerOptionsSchema,
  customerOwnerBodySchema,
  customerPhoneSchema,
  customerUpdateBodySchema,
  followUpBodySchema,
} from './customer.schema';
import { marketingStaffAccess } from './marketing.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './customer.schema';

const access = marketingStaffAccess;
const notFound = "Another pharmacy's customer answers 404, like a missing one.";

/** Marketing: customers (会员管理 /marketManage/customer) and their CRM card (issue 16, docs/marketing.md). */
export const customerContracts = defineContracts('customer', {
  options: {
    method: 'GET',
    path: '/marketing/customer_info/options',
    access,
    summary: '客户筛选项（负责人、渠道、在用标签）',
    response: customerOptionsSchema,
  },
  list: {
    method: 'GET',
    path: '/marketing/customer_info',
    access,
    summary: '客户列表（手机号脱敏）',
    description:
      'owner: me | none | a staff account id; tag; channel_id; contact_from/contact_to (Shanghai dates) or ' +
      'not_contacted_days (never contacted counts); keyword: a full phone, its last 4 digits, or part of a name. ' +
      'Every staff role sees the whole pharmacy (customer service defaults to owner=me in the console).',
    query: customerListQuerySchema,
    response: pageResultSchema(customerListItemSchema),
  },
  card: {
    method: 'GET',
    path: '/marketing/customer_info/:id',
    access,
    summary: '客户卡片（家庭成员、订单、处方、聊天、直播、跟进、任务）',
    description: notFound,
    params: idParamSchema,
    response: customerCardSchema,
  },
  update: {
    method: 'PUT',
    path: '/marketing/customer_info/:id',
    access,
    summary: '编辑客户（标签、备注、来源）',
    description: `Only the owner or a manager (403 otherwise). ${notFound}`,
    params: idParamSchema,
    body: customerUpdateBodySchema,
    response: customerCardSchema,
  },
  assignOwner: {
    method: 'PUT',
    path: '/marketing/customer_info/:id/owner',
    access,
    summary: '分配负责人',
    description:
      'A manager sets any active staff member (400 staffNotFound otherwise) or none; customer service may only ' +
      'take an unowned customer for themselves or give up their own (403 otherwise; 409 when someone else was faster).',
    params: idParamSchema,
    body: customerOwnerBodySchema,
    response: customerCardSchema,
  },
  followUps: {
    method: 'GET',
    path: '/marketing/customer_info/:id/follow_up',
    access,
    summary: '跟进记录',
    description: notFound,
    params: idParamSchema,
    response: customerFollowUpSchema.array(),
  },
  addFollowUp: {
    method: 'POST',
    path: '/marketing/customer_info/:id/follow_up',
    access,
    summary: '添加跟进',
    description:
      'contacted_at defaults to now and may not be in the future; next_follow_up_at after it. Moves ' +
      'customer_info.last_contact_at to greatest(existing, contacted_at) in the same transaction.',
    params: idParamSchema,
    body: followUpBodySchema,
    response: customerFollowUpSchema,
  },
  phone: {
    method: 'GET',
    path: '/marketing/customer_info/:id/phone',
    access,
    summary: '查看完整手机号（记录审计）',
    description: `Only the owner or a manager (403 otherwise); audited as customer.phone. ${notFound}`,
    params: idParamSchema,
    response: customerPhoneSchema,
  },
});
