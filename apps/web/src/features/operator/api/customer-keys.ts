import type { AdminCustomerListQuery } from '@pharmacy/shared';

/** The operator 会员管理 part's query keys, defined once (platform-wide: no pharmacy in them). */
export const customerKeys = {
  all: ['operator-customers'] as const,
  list: (query: AdminCustomerListQuery) => [...customerKeys.all, 'list', query] as const,
  card: (id: number) => [...customerKeys.all, 'card', id] as const,
  pharmacies: () => [...customerKeys.all, 'pharmacies'] as const,
};
