import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './order.schema';

/** A pharmacy's orders (orders/pharmacy) and every pharmacy's for the operator (website order): list, detail, cancel, remark, delete, payment confirm, delivery confirm, complete. */
export const orderContracts = defineContracts('orders', {});
