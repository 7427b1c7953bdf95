import type { FinanceFilter, FinanceListQuery } from '@pharmacy/shared';

/** Finance's query keys; each names the pharmacy (the pharmacyid header changes the answer). */
export const financeKeys = {
  all: ['finance'] as const,
  pharmacy: (pharmacyId: number | null) => [...financeKeys.all, pharmacyId] as const,
  list: (pharmacyId: number | null, query: FinanceListQuery) =>
    [...financeKeys.pharmacy(pharmacyId), 'list', query] as const,
  statistics: (pharmacyId: number | null, filter: FinanceFilter) =>
    [...financeKeys.pharmacy(pharmacyId), 'statistics', filter] as const,
  detail: (pharmacyId: number | null, orderId: number) =>
    [...financeKeys.pharmacy(pharmacyId), 'detail', orderId] as const,
};
