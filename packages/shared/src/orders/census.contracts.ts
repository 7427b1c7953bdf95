import { defineContracts } from '../common/contract';
import { censusPriceSchema, censusQuerySchema, censusSchema } from './census.schema';

// The package index exports this file; the schemas travel with it.
export * from './census.schema';

const access = { pharmacy: 'order_statistics' } as const;
const scope =
  'Only the pharmacyid pharmacy’s orders are counted. Dates are Shanghai days (default: the last 30 days); a range ' +
  'longer than 366 days is refused with 400. Computed in SQL over orders_pharmacy_created_idx.';

/** Order statistics (订单统计): by day / week / month, by status and kind, top products; price bands. */
export const censusContracts = defineContracts('orders_census', {
  census: {
    method: 'GET',
    path: '/orders/census',
    access,
    summary: '订单统计（按日/周/月，按状态与类型，热销商品）',
    description: `${scope} Paid = paid_at set and not cancelled; top products count paid orders, a combo as itself.`,
    query: censusQuerySchema,
    response: censusSchema,
  },
  price: {
    method: 'GET',
    path: '/orders/census/price',
    access,
    summary: '订单价格统计（成交订单按实付金额分段）',
    description: `${scope} Paid orders by pay_amount in bands [0,50) [50,100) [100,200) [200,500) [500,1000) [1000,∞).`,
    query: censusQuerySchema,
    response: censusPriceSchema,
  },
});
