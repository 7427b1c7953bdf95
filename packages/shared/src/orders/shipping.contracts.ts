import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './shipping.schema';

/** Shipping: send goods, batch send, SF waybills and labels, tracking. */
export const shippingContracts = defineContracts('orders_shipping', {});
