import type { AdminReportListQuery } from '@pharmacy/shared';

/** The operator 投诉管理 part's query keys (platform-wide: no pharmacy in them); a decision invalidates `all`. */
export const reportKeys = {
  all: ['operator-reports'] as const,
  list: (query: AdminReportListQuery) => [...reportKeys.all, 'list', query] as const,
  detail: (id: number) => [...reportKeys.all, 'detail', id] as const,
  pharmacies: () => [...reportKeys.all, 'pharmacies'] as const,
};
