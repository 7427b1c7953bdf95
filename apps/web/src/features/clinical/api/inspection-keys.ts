import type { InspectionListQuery } from '@pharmacy/shared';

/**
 * The inspection part's query keys, defined once. Each names the pharmacy: the pharmacyid header changes the answer,
 * so a switch never shows another pharmacy's prescriptions. Invalidating `all` refreshes the list, its tab counts and
 * the open prescription after a decision (or after a 409: another pharmacist decided first).
 */
export const inspectionKeys = {
  all: ['inspection'] as const,
  scoped: (pharmacyId: number | null) => [...inspectionKeys.all, pharmacyId] as const,
  list: (pharmacyId: number | null, query: InspectionListQuery) =>
    [...inspectionKeys.scoped(pharmacyId), 'list', query] as const,
  detail: (pharmacyId: number | null, id: number) => [...inspectionKeys.scoped(pharmacyId), 'detail', id] as const,
};
