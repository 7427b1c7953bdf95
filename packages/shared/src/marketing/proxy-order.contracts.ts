import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { orderRemarkBodySchema, orderRemarkSchema } from '../orders/order.schema';
import { marketingStaffAccess } from './marketing.schema';
import {
  createProxyOrderBodySchema,
  customerOrderDetailSchema,
  customerOrderFilterOptionsSchema,
  customerOrderListQuerySchema,
  customerOrderListResultSchema,
  proxyCatalogQuerySchema,
  proxyCatalogSchema,
  proxyCustomerOptionSchema,
  proxyCustomerQuerySchema,
  proxyCustomerSchema,
  proxyOrderCreatedSchema,
} from './proxy-order.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './proxy-order.schema';

const VISIBLE =
  'customer_service: orders of their own customers (customer_info.owner_account_id = me) and orders they placed; ' +
  "managers (shop, pharmacy_admin, manager): the pharmacy's customers' orders and every staff-placed order. Any " +
  'other order (another pharmacy’s included) answers 404 like a missing one.';

/** Marketing: orders for customers (非药品下单, 创建代下单) and 客户订单 (issue 16). */
export const proxyOrderContracts = defineContracts('proxy-order', {
  customers: {
    method: 'GET',
    path: '/marketing/order/customer',
    access: marketingStaffAccess,
    summary: '下单用：搜索本店客户（手机号 / 尾号 4 位 / 姓名）',
    description: "The pharmacy's customers (customer_info rows), the caller's own first; at most 20, phones masked.",
    query: proxyCustomerQuerySchema,
    response: z.array(proxyCustomerOptionSchema),
  },
  customer: {
    method: 'GET',
    path: '/marketing/order/customer/:id',
    access: marketingStaffAccess,
    summary: '下单用：客户的用药人与收货地址',
    description: "`id` is the customer's account id; not a customer of this pharmacy: 404 「客户不存在」.",
    params: idParamSchema,
    response: proxyCustomerSchema,
  },
  catalog: {
    method: 'GET',
    path: '/marketing/order/catalog',
    access: marketingStaffAccess,
    summary: '下单用：本店在架商品（非药品下单只含非药品）与在售套餐、运费',
    description: 'At most 50 quotes per search (keyword: product name, common name or approval number part).',
    query: proxyCatalogQuerySchema,
    response: proxyCatalogSchema,
  },
  create: {
    method: 'POST',
    path: '/marketing/order',
    access: marketingStaffAccess,
    summary: '为客户下单（代下单 / 非药品下单），返回支付链接',
    description:
      "Placed by the orders module's one path for the customer's account (stock taken in the same statement, " +
      'totals by the server), kind proxy | non_drug, created_by = the caller. Idempotent by the optional ' +
      '`Idempotency-Key` header like POST /orders/user_order. Refusals: not a customer of this pharmacy 404 ' +
      '「客户不存在」; a family member or address not the customer’s 400 naming the field; a non-NON_DRUG quote in a ' +
      'non_drug order 400 「…」不是非药品; a blacklisted customer 403.',
    body: createProxyOrderBodySchema,
    response: proxyOrderCreatedSchema,
  },
  list: {
    method: 'GET',
    path: '/marketing/order',
    access: marketingStaffAccess,
    summary: '客户订单（状态标签计数；类型：全部 / 代下单 / 非药品）',
    description: `${VISIBLE} owner_id / team_id narrow a manager's list to what that staff member (team) sees.`,
    query: customerOrderListQuerySchema,
    response: customerOrderListResultSchema,
  },
  filterOptions: {
    method: 'GET',
    path: '/marketing/order/filter',
    access: marketingStaffAccess,
    summary: '客户订单筛选项：本店员工与团队',
    response: customerOrderFilterOptionsSchema,
  },
  detail: {
    method: 'GET',
    path: '/marketing/order/:id',
    access: marketingStaffAccess,
    summary: '订单详情（支付链接、备注）',
    description: VISIBLE,
    params: idParamSchema,
    response: customerOrderDetailSchema,
  },
  remarks: {
    method: 'GET',
    path: '/marketing/order/:id/remark',
    access: marketingStaffAccess,
    summary: '订单备注（新的在前）',
    description: VISIBLE,
    params: idParamSchema,
    response: z.array(orderRemarkSchema),
  },
  addRemark: {
    method: 'POST',
    path: '/marketing/order/:id/remark',
    access: marketingStaffAccess,
    summary: '添加订单备注',
    description: VISIBLE,
    params: idParamSchema,
    body: orderRemarkBodySchema,
    response: orderRemarkSchema,
  },
});
