import type { DashboardQuery } from '@pharmacy/shared';

/** Query keys of the operator's 数据看板, defined once. */
export const dashboardKeys = {
  all: ['operator-dashboard'] as const,
  overview: (query: DashboardQuery) => [...dashboardKeys.all, 'overview', query] as const,
};
