import type { ShareListQuery } from '@pharmacy/shared';

/**
 * The share packages' query keys, defined once. Each names the pharmacy (the pharmacyid header changes the answer);
 * invalidating `all` after a write refreshes the list, its tab counts and the dialogs' reads.
 */
export const shareKeys = {
  all: ['shares'] as const,
  pharmacy: (pharmacyId: number | null) => [...shareKeys.all, pharmacyId] as const,
  list: (pharmacyId: number | null, query: ShareListQuery) =>
    [...shareKeys.pharmacy(pharmacyId), 'list', query] as const,
  detail: (pharmacyId: number | null, id: number) => [...shareKeys.pharmacy(pharmacyId), 'detail', id] as const,
  options: (pharmacyId: number | null) => [...shareKeys.pharmacy(pharmacyId), 'options'] as const,
};
