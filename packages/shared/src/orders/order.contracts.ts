import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  orderActionResultSchema,
  orderCancelBodySchema,
  orderConsoleDetailSchema,
  orderListQuerySchema,
  orderListResultSchema,
  orderMemberSchema,
  orderPayConfirmBodySchema,
  orderRemarkBodySchema,
  orderRemarkSchema,
} from './order.schema';

// The package index exports this file; the schemas travel with it.
export * from './order.schema';

const access = { pharmacy: 'order_read_pharmacy' } as const;
const operator = { admin: 'order' } as const;

const conflicts =
  'A state that no longer allows the action (another request moved the order) answers 409 with a Chinese message naming the state, and changes nothing. Another pharmacy’s order answers 404 like a missing one.';

/** A pharmacy's orders (orders/pharmacy) and every pharmacy's for the operator (website order): list, detail, cancel, remark, delete, payment confirm, delivery confirm, complete. */
export const orderContracts = defineContracts('orders', {
  list: {
    method: 'GET',
    path: '/orders/pharmacy',
    access,
    summary: '订单列表（状态标签计数）',
    description:
      'Newest first. Unfiltered totals and tab counts come from the list_count counters; with any filter besides the tab they are exact counts of the filtered rows.',
    query: orderListQuerySchema,
    response: orderListResultSchema,
  },
  detail: {
    method: 'GET',
    path: '/orders/pharmacy/:id',
    access,
    summary: '订单详情（商品、金额、收货、支付、物流、备注）',
    params: idParamSchema,
    response: orderConsoleDetailSchema,
  },
  confirmPayment: {
    method: 'PUT',
    path: '/orders/pharmacy/:id/pay',
    access,
    summary: '确认收款（线下收款）',
    description: conflicts,
    params: idParamSchema,
    body: orderPayConfirmBodySchema,
    response: orderActionResultSchema,
  },
  cancel: {
    method: 'PUT',
    path: '/orders/pharmacy/:id/cancel',
    access,
    summary: '取消订单（填写原因）',
    description: `Stock returns to the quotes; a paid order's payment and settlement are refunded. ${conflicts}`,
    params: idParamSchema,
    body: orderCancelBodySchema,
    response: orderActionResultSchema,
  },
  delivery: {
    method: 'PUT',
    path: '/orders/pharmacy/:id/delivery',
    access,
    summary: '确认送达',
    description: conflicts,
    params: idParamSchema,
    response: orderActionResultSchema,
  },
  complete: {
    method: 'PUT',
    path: '/orders/pharmacy/:id/complete',
    access,
    summary: '完成订单',
    description: conflicts,
    params: idParamSchema,
    response: orderActionResultSchema,
  },
  remarks: {
    method: 'GET',
    path: '/orders/pharmacy/:id/remark',
    access,
    summary: '订单备注记录（新的在前）',
    params: idParamSchema,
    response: z.array(orderRemarkSchema),
  },
  addRemark: {
    method: 'POST',
    path: '/orders/pharmacy/:id/remark',
    access,
    summary: '添加订单备注',
    params: idParamSchema,
    body: orderRemarkBodySchema,
    response: orderRemarkSchema,
  },
  member: {
    method: 'GET',
    path: '/orders/pharmacy/:id/member',
    access,
    summary: '下单会员（本店会员卡、在本店的订单）',
    params: idParamSchema,
    response: orderMemberSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/orders/pharmacy/:id',
    access,
    summary: '删除订单（仅已取消的订单）',
    description: 'Soft delete. An order in any other state answers 409 「只有已取消的订单可以删除」.',
    params: idParamSchema,
    response: z.null(),
  },
  adminList: {
    method: 'GET',
    path: '/orders/admin',
    access: operator,
    summary: '运营：全部药房的订单列表',
    description:
      'Every pharmacy’s orders, newest first; pharmacy_id narrows to one. Unfiltered counts are sums of the list_count rows.',
    query: orderListQuerySchema,
    response: orderListResultSchema,
  },
  adminDetail: {
    method: 'GET',
    path: '/orders/admin/:id',
    access: operator,
    summary: '运营：订单详情',
    params: idParamSchema,
    response: orderConsoleDetailSchema,
  },
});
