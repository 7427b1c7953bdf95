import { reportContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { reportKeys } from './report-keys';

export function getAdminReport(id: number, signal?: AbortSignal) {
  return callApi(reportContracts.adminDetail, { id }, { signal });
}

export const adminReportQueryOptions = (id: number) =>
  queryOptions({ queryKey: reportKeys.detail(id), queryFn: ({ signal }) => getAdminReport(id, signal) });

/** One complaint with its images and what it is about (the order, pharmacy, doctor or live as it is now). */
export function useAdminReport(id: number) {
  return useQuery({ ...adminReportQueryOptions(id), enabled: id > 0 });
}
