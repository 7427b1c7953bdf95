import { DASHBOARD_CACHE_SECONDS, type DashboardQuery, dashboardContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { dashboardKeys } from './dashboard-keys';

export function getDashboardOverview(query: DashboardQuery, signal?: AbortSignal) {
  return callApi(dashboardContracts.overview, query, { signal });
}

/** The server keeps a dashboard for a minute: the page asks again every minute while it is open. */
export const dashboardOverviewQueryOptions = (query: DashboardQuery) =>
  queryOptions({
    queryKey: dashboardKeys.overview(query),
    queryFn: ({ signal }) => getDashboardOverview(query, signal),
    placeholderData: keepPreviousData,
    staleTime: DASHBOARD_CACHE_SECONDS * 1000,
    refetchInterval: DASHBOARD_CACHE_SECONDS * 1000,
  });

/** 数据看板 for the range (today, 7 or 30 days) ending on date_to (default today). */
export function useDashboardOverview(query: DashboardQuery) {
  return useQuery(dashboardOverviewQueryOptions(query));
}
