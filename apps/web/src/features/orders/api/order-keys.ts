import type { OrderListQuery } from '@pharmacy/shared';

/** Whose orders a query reads: the current pharmacy's (its staff) or every pharmacy's (the operator). */
export type OrderScope = 'pharmacy' | 'admin';

/**
 * The order list's query keys, defined once. Each names the scope and the pharmacy: the pharmacyid header changes the
 * answer, so a switch never shows the previous pharmacy's orders, even as placeholder data. Invalidating `all`
 * refreshes the list, its tab counts and the open detail after any action (the shipping dialogs' too).
 */
export const orderKeys = {
  all: ['orders'] as const,
  scoped: (scope: OrderScope, pharmacyId: number | null) => [...orderKeys.all, scope, pharmacyId] as const,
  list: (scope: OrderScope, pharmacyId: number | null, query: OrderListQuery) =>
    [...orderKeys.scoped(scope, pharmacyId), 'list', query] as const,
  detail: (scope: OrderScope, pharmacyId: number | null, id: number) =>
    [...orderKeys.scoped(scope, pharmacyId), 'detail', id] as const,
  remarks: (pharmacyId: number | null, id: number) =>
    [...orderKeys.scoped('pharmacy', pharmacyId), 'remarks', id] as const,
  member: (pharmacyId: number | null, id: number) =>
    [...orderKeys.scoped('pharmacy', pharmacyId), 'member', id] as const,
  pharmacies: () => [...orderKeys.all, 'pharmacy-options'] as const,
};
