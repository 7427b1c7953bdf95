import type { ComboListQuery, ComboQuoteQuery } from '@pharmacy/shared';

/**
 * The combos' query keys, defined once. Each names the pharmacy: the pharmacyid header changes the answer, so a
 * switch never shows the previous pharmacy's combos, even as placeholder data. Invalidating `all` after a write
 * refreshes the list, its tab counts and the open detail.
 */
export const comboKeys = {
  all: ['combos'] as const,
  pharmacy: (pharmacyId: number | null) => [...comboKeys.all, pharmacyId] as const,
  list: (pharmacyId: number | null, query: ComboListQuery) =>
    [...comboKeys.pharmacy(pharmacyId), 'list', query] as const,
  detail: (pharmacyId: number | null, id: number) => [...comboKeys.pharmacy(pharmacyId), 'detail', id] as const,
  quotes: (pharmacyId: number | null, query: ComboQuoteQuery) =>
    [...comboKeys.pharmacy(pharmacyId), 'quotes', query] as const,
};
