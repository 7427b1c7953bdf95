import type { AdminPharmacyListQuery } from '@pharmacy/shared';

/** Query keys of 药店管理 (the operator's own data: no pharmacy in the key). Invalidating `all` refreshes them all. */
export const pharmacyKeys = {
  all: ['operator', 'pharmacies'] as const,
  list: (query: Partial<AdminPharmacyListQuery>) => [...pharmacyKeys.all, 'list', query] as const,
  filters: () => [...pharmacyKeys.all, 'filters'] as const,
  detail: (id: number) => [...pharmacyKeys.all, 'detail', id] as const,
};
