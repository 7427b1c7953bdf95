import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './census.schema';

/** Order statistics (订单统计): by day / week / month, by status and kind, top products. */
export const censusContracts = defineContracts('orders_census', {});
