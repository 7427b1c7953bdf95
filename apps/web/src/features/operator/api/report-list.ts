import { type AdminReportListQuery, reportContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { reportKeys } from './report-keys';

export function getAdminReports(query: AdminReportListQuery, signal?: AbortSignal) {
  return callApi(reportContracts.adminList, query, { signal });
}

export const adminReportsQueryOptions = (query: AdminReportListQuery) =>
  queryOptions({
    queryKey: reportKeys.list(query),
    queryFn: ({ signal }) => getAdminReports(query, signal),
    placeholderData: keepPreviousData,
  });

/** Complaints of every pharmacy: one page with the status tabs' counts (complainants' phones arrive masked). */
export function useAdminReports(query: AdminReportListQuery) {
  return useQuery(adminReportsQueryOptions(query));
}
