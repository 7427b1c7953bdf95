import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import { orderDetailSchema, orderSummarySchema } from './order.schema';
import {
  createUserOrderBodySchema,
  payUserOrderBodySchema,
  payUserOrderResultSchema,
  updateUserOrderBodySchema,
  userOrderListQuerySchema,
} from './user-order.schema';

// The package index exports this file; the schemas travel with it.
export * from './user-order.schema';

const OWN_ORDERS = "Scoped to the signed-in account: another account's order answers 404 exactly like a missing one.";

/** The patient's orders (orders/user_order): place (idempotent), pay, read, cancel or change, confirm receipt. */
export const userOrderContracts = defineContracts('user_order', {
  list: {
    method: 'GET',
    path: '/orders/user_order',
    access: { signedIn: true },
    summary: '我的订单（新的在前，可按状态）',
    query: userOrderListQuerySchema,
    response: pageResultSchema(orderSummarySchema),
  },
  detail: {
    method: 'GET',
    path: '/orders/user_order/:id',
    access: { signedIn: true },
    summary: '我的订单详情',
    description: OWN_ORDERS,
    params: idParamSchema,
    response: orderDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/orders/user_order',
    access: { signedIn: true },
    summary: '下单（药店的商品和/或套餐，为就诊人，寄到收货地址）',
    description:
      'Prices, names and totals come from the server (quotes on shelf, combos on sale); the stock is taken in the ' +
      'same transaction (409 「…」库存不足 and nothing written when short). Idempotent by the optional ' +
      '`Idempotency-Key` header (1-64 of A-Z a-z 0-9 _ -): the same key with the same body answers the first ' +
      'order (200, same body), with another body 409 「该请求已提交过，内容不一致」.',
    body: createUserOrderBodySchema,
    response: orderDetailSchema,
  },
  pay: {
    method: 'POST',
    path: '/orders/user_order/:id/pay',
    access: { signedIn: true },
    summary: '付款（线下转账：药店确认收款后订单进入下一步）',
    description:
      `${OWN_ORDERS} Opens one payment through the provider; calling again answers the open payment. ` +
      'The body may be left out (provider offline, no reference).',
    params: idParamSchema,
    body: payUserOrderBodySchema.nullish(),
    response: payUserOrderResultSchema,
  },
  update: {
    method: 'PUT',
    path: '/orders/user_order/:id',
    access: { signedIn: true },
    summary: '修改订单（待付款时：取消订单，或更换收货地址）',
    description: `${OWN_ORDERS} Both actions need the order unpaid (pending_payment); otherwise 409.`,
    params: idParamSchema,
    body: updateUserOrderBodySchema,
    response: orderDetailSchema,
  },
  complete: {
    method: 'POST',
    path: '/orders/user_order/:id/complete',
    access: { signedIn: true },
    summary: '确认收货',
    description: `${OWN_ORDERS} Only a shipped order; otherwise 409.`,
    params: idParamSchema,
    response: orderDetailSchema,
  },
});
