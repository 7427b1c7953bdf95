import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  financeDetailSchema,
  financeFilterSchema,
  financeListQuerySchema,
  financeStatisticsSchema,
  settlementRowSchema,
} from './finance.schema';

// The package index exports this file; the schemas travel with it.
export * from './finance.schema';

const access = { pharmacy: 'finance' } as const;

/** A pharmacy's settlements (finance): list, statistics, export, one order's money. */
export const financeContracts = defineContracts('finance', {
  list: {
    method: 'GET',
    path: '/finance',
    access,
    summary: '结算列表（按支付日期、结算状态、订单号筛选）',
    description: 'Dates are Shanghai calendar days of the payment. Only the pharmacy of the pharmacyid header.',
    query: financeListQuerySchema,
    response: pageResultSchema(settlementRowSchema),
  },
  statistics: {
    method: 'GET',
    path: '/finance/statistics',
    access,
    summary: '对账统计（订单数、实收、平台服务费、结算、退款）',
    description:
      'Exact sums over the same filter as the list: pay − refund = platform fee + settle amount (refunded orders ' +
      'count only in pay and refund).',
    query: financeFilterSchema,
    response: financeStatisticsSchema,
  },
  export: {
    method: 'GET',
    path: '/finance/export',
    kind: 'file',
    access,
    summary: '导出对账（当前筛选，xls 文件名）',
    description:
      'Streams the filtered settlements as a spreadsheet named 财务对账-YYYYMMDD.xls (Office Open XML content, see ' +
      'docs/orders.md "Export"); X-Total-Count carries the row count before the body.',
    query: financeFilterSchema,
  },
  detail: {
    method: 'GET',
    path: '/finance/order/:id',
    access,
    summary: '订单对账明细（商品、运费、优惠、实付、费率、服务费、结算、退款）',
    description: "By order id. Another pharmacy's order, or an order never paid (no settlement), answers 404.",
    params: idParamSchema,
    response: financeDetailSchema,
  },
});
