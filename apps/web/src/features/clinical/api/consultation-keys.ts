import type { ConsultationListQuery } from '@pharmacy/shared';

/** The consultation part's query keys: invalidating `all` refreshes the list, its counts and the open detail. */
export const consultationKeys = {
  all: ['consultation'] as const,
  lists: () => [...consultationKeys.all, 'list'] as const,
  list: (query: ConsultationListQuery) => [...consultationKeys.lists(), query] as const,
  detail: (id: number) => [...consultationKeys.all, 'detail', id] as const,
  patients: (phone: string) => [...consultationKeys.all, 'patients', phone] as const,
  pharmacies: () => [...consultationKeys.all, 'pharmacies'] as const,
  products: (q: string) => [...consultationKeys.all, 'products', q] as const,
};
