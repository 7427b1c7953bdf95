import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './user-order.schema';

/** The patient's orders (orders/user_order): place (idempotent), pay, read, confirm receipt. */
export const userOrderContracts = defineContracts('user_order', {});
