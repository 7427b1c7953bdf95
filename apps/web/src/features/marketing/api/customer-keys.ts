import type { CustomerListQuery } from '@pharmacy/shared';

/**
 * The customers part's query keys, defined once. Each names the pharmacy: the pharmacyid header changes the answer,
 * so a switch never shows the previous pharmacy's customers, even as placeholder data.
 */
export const customerKeys = {
  all: ['marketing-customers'] as const,
  pharmacy: (pharmacyId: number | null) => [...customerKeys.all, pharmacyId] as const,
  list: (pharmacyId: number | null, query: CustomerListQuery) =>
    [...customerKeys.pharmacy(pharmacyId), 'list', query] as const,
  card: (pharmacyId: number | null, id: number) => [...customerKeys.pharmacy(pharmacyId), 'card', id] as const,
  followUps: (pharmacyId: number | null, id: number) =>
    [...customerKeys.pharmacy(pharmacyId), 'follow-ups', id] as const,
  options: (pharmacyId: number | null) => [...customerKeys.pharmacy(pharmacyId), 'options'] as const,
};
