import { z } from 'zod';
import { productTypes } from '../catalogue/product.schema';
import { idNumber, idText } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import {
  orderDetailSchema,
  orderRemarkSchema,
  orderSummarySchema,
  orderTabCountsSchema,
  orderTabs,
} from '../orders/order.schema';
import { ORDER_MAX_LINES, ORDER_MAX_QTY, orderLineInputSchema } from '../orders/user-order.schema';

/**
 * Orders staff place for a customer (issue 16, docs/marketing.md "Orders for customers"): 非药品下单 (kind non_drug:
 * NON_DRUG quotes only) and 创建代下单 (kind proxy: any quotes and/or one combo; RX items go through the review and
 * consultation flow once paid). Both are placed by the orders module's one path (UserOrderService.create) for the
 * customer's account, with created_by = the staff member; the customer pays through the payment link
 * (patientLinks.pay). 客户订单 lists the orders of the staff member's customers and the orders they created.
 */

export const proxyOrderKinds = ['proxy', 'non_drug'] as const;
export type ProxyOrderKind = (typeof proxyOrderKinds)[number];
export const proxyOrderKindLabels: Record<ProxyOrderKind, string> = { proxy: '代下单', non_drug: '非药品' };

export const proxyOrderMessages = {
  notNonDrug: (name: string) => `「${name}」不是非药品`,
  comboNotAllowed: '非药品下单不能选择套餐',
  notFound: '订单不存在或已删除',
} as const;

const keywordSchema = z
  .string({ error: '关键词格式不正确' })
  .trim()
  .max(50, { error: '关键词最多 50 字' })
  .optional()
  .catch(undefined);

// ------------------------------------------------------------------------------------------------ pickers

/** 选择客户: the pharmacy's customers (customer_info) by phone (11 digits exact, or its last 4) or name part. */
export const proxyCustomerQuerySchema = z.object({ keyword: keywordSchema });
export type ProxyCustomerQuery = z.infer<typeof proxyCustomerQuerySchema>;

export const proxyCustomerOptionSchema = z.object({
  account_id: z.number().int(),
  name: z.string(),
  /** masked: 139****0001 */
  phone: z.string(),
  owner_name: z.string().nullable(),
  /** the customer belongs to the caller */
  mine: z.boolean(),
});
export type ProxyCustomerOption = z.infer<typeof proxyCustomerOptionSchema>;

/** One customer with what an order for them needs: their family members and addresses. */
export const proxyCustomerSchema = proxyCustomerOptionSchema.extend({
  family_members: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      relation: z.string(),
      gender: z.string().nullable(),
      age: z.number().int().nullable(),
      is_default: z.boolean(),
    }),
  ),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** masked */
      phone: z.string(),
      /** province city district detail in one line */
      address: z.string(),
      is_default: z.boolean(),
    }),
  ),
});
export type ProxyCustomer = z.infer<typeof proxyCustomerSchema>;

/** 选择商品: the pharmacy's on-shelf quotes (non_drug: NON_DRUG products only) and, for proxy, its combos on sale. */
export const proxyCatalogQuerySchema = z.object({
  kind: z.enum(proxyOrderKinds, { error: '请选择订单类型' }).catch('proxy'),
  keyword: keywordSchema,
});
export type ProxyCatalogQuery = z.infer<typeof proxyCatalogQuerySchema>;

export const proxyQuoteOptionSchema = z.object({
  quote_id: z.number().int(),
  product_name: z.string(),
  spec: z.string(),
  type: z.enum(productTypes),
  price: z.string(),
  stock: z.number().int(),
  image: z.string(),
});
export type ProxyQuoteOption = z.infer<typeof proxyQuoteOptionSchema>;

export const proxyComboOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.string(),
  has_rx: z.boolean(),
  /** the items, one line: 布洛芬缓释胶囊×2、… */
  items_text: z.string(),
  /** how many whole combos the items' stock allows (0: sold out) */
  available: z.number().int(),
});
export type ProxyComboOption = z.infer<typeof proxyComboOptionSchema>;

/** At most this many quotes answer one search (type more to narrow). */
export const PROXY_CATALOG_LIMIT = 50;

export const proxyCatalogSchema = z.object({
  freight: z.string(),
  free_freight_threshold: z.string().nullable(),
  quotes: z.array(proxyQuoteOptionSchema),
  /** kind proxy only (empty for non_drug) */
  combos: z.array(proxyComboOptionSchema),
});
export type ProxyCatalog = z.infer<typeof proxyCatalogSchema>;

// ------------------------------------------------------------------------------------------------ create

/**
 * A new order for a customer. Prices and totals are the server's (the client sends ids and quantities). The
 * `Idempotency-Key` header works as for the patient's order: same key and body answer the first order.
 */
export const createProxyOrderBodySchema = z
  .object({
    kind: z.enum(proxyOrderKinds, { error: '请选择订单类型' }),
    customer_id: idNumber('请选择客户'),
    family_member_id: idNumber('请选择用药人'),
    address_id: idNumber('请选择收货地址'),
    lines: z
      .array(orderLineInputSchema, { error: '商品格式不正确' })
      .max(ORDER_MAX_LINES, { error: `一个订单最多 ${ORDER_MAX_LINES} 种商品` })
      .refine((lines) => new Set(lines.map((l) => l.quote_id)).size === lines.length, {
        error: '同一商品请合并数量',
      })
      .default([]),
    quote_set_id: idNumber('套餐 ID 不正确').optional(),
    quote_set_qty: z
      .number({ error: '请输入套餐数量' })
      .int({ error: '套餐数量须为整数' })
      .min(1, { error: '套餐数量至少为 1' })
      .max(ORDER_MAX_QTY, { error: `套餐数量最多 ${ORDER_MAX_QTY}` })
      .optional(),
    remark: z.string({ error: '备注格式不正确' }).trim().max(200, { error: '备注最多 200 字' }).default(''),
  })
  .refine((b) => b.lines.length > 0 || b.quote_set_id !== undefined, { path: ['lines'], error: '请选择商品' })
  .refine((b) => b.kind !== 'non_drug' || b.quote_set_id === undefined, {
    path: ['quote_set_id'],
    error: proxyOrderMessages.comboNotAllowed,
  })
  .refine((b) => b.quote_set_qty === undefined || b.quote_set_id !== undefined, {
    path: ['quote_set_id'],
    error: '请选择套餐',
  });
export type CreateProxyOrderBody = z.infer<typeof createProxyOrderBodySchema>;

/** The order as placed: the detail and the payment link (a path: the page makes it absolute with its origin). */
export const proxyOrderCreatedSchema = orderDetailSchema.extend({ pay_link: z.string() });
export type ProxyOrderCreated = z.infer<typeof proxyOrderCreatedSchema>;

// ------------------------------------------------------------------------------------------------ read

/** An order of 客户订单: the order as lists show it, whose customer it is and who placed it. */
export const customerOrderSummarySchema = orderSummarySchema.extend({
  customer_name: z.string(),
  owner_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
});
export type CustomerOrderSummary = z.infer<typeof customerOrderSummarySchema>;

export const customerOrderDetailSchema = orderDetailSchema.extend({
  customer_name: z.string(),
  owner_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
  pay_link: z.string(),
  remarks: z.array(orderRemarkSchema),
});
export type CustomerOrderDetail = z.infer<typeof customerOrderDetailSchema>;

/** 全部 (every order of my customers), 代下单, 非药品. */
export const customerOrderKindFilters = ['all', ...proxyOrderKinds] as const;
export type CustomerOrderKindFilter = (typeof customerOrderKindFilters)[number];
export const customerOrderKindFilterLabels: Record<CustomerOrderKindFilter, string> = {
  all: '全部',
  proxy: '代下单',
  non_drug: '非药品',
};

/**
 * 客户订单's query: status tab, kind, keyword (order number, or the buyer's / receiver's phone: 11 digits or its
 * last 4), and for managers an owner (a staff account) or a team: the orders that staff member (those members) would
 * see as "mine".
 */
export const customerOrderListQuerySchema = pageQuerySchema.extend({
  status: z.enum(orderTabs).catch('all').default('all'),
  kind: z.enum(customerOrderKindFilters).catch('all').default('all'),
  keyword: keywordSchema,
  owner_id: idText('员工不正确').optional().catch(undefined),
  team_id: idText('团队不正确').optional().catch(undefined),
});
export type CustomerOrderListQuery = z.infer<typeof customerOrderListQuerySchema>;

export const customerOrderListResultSchema = z.object({
  list: z.array(customerOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: orderTabCountsSchema,
});
export type CustomerOrderListResult = z.infer<typeof customerOrderListResultSchema>;

/** The manager's filters: the pharmacy's staff and teams. */
export const customerOrderFilterOptionsSchema = z.object({
  staff: z.array(z.object({ account_id: z.number().int(), name: z.string(), team_id: z.number().int().nullable() })),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CustomerOrderFilterOptions = z.infer<typeof customerOrderFilterOptionsSchema>;
