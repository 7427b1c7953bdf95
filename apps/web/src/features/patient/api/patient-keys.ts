import type { PharmacyListQuery, PharmacyProductListQuery, UserOrderListQuery } from '@pharmacy/shared';

/** The patient area's query keys, defined once; mutations invalidate the part they change. */
export const patientKeys = {
  all: ['patient'] as const,
  pharmacies: (query: PharmacyListQuery) => [...patientKeys.all, 'pharmacies', query] as const,
  products: (query: Omit<PharmacyProductListQuery, 'page'>) => [...patientKeys.all, 'products', query] as const,
  pharmacy: (id: number) => [...patientKeys.all, 'pharmacy', id] as const,
  catalog: (pharmacyId: number) => [...patientKeys.all, 'catalog', pharmacyId] as const,
  familyMembers: () => [...patientKeys.all, 'family-members'] as const,
  addresses: () => [...patientKeys.all, 'addresses'] as const,
  orders: () => [...patientKeys.all, 'orders'] as const,
  orderList: (query: Omit<UserOrderListQuery, 'page'>) => [...patientKeys.orders(), 'list', query] as const,
  order: (id: number) => [...patientKeys.orders(), 'detail', id] as const,
  receiving: (orderId: number) => [...patientKeys.all, 'receiving', orderId] as const,
};
