import { orderKeys } from './order-keys';

/** Shipping's query keys, under the orders' (invalidating orderKeys.all refreshes them with the list). */
export const shippingKeys = {
  couriers: (pharmacyId: number | null) => [...orderKeys.scoped('pharmacy', pharmacyId), 'shipping-couriers'] as const,
  logistics: (pharmacyId: number | null, id: number) =>
    [...orderKeys.scoped('pharmacy', pharmacyId), 'logistics', id] as const,
};
