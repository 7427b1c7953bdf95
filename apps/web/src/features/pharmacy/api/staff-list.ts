import { type StaffListQuery, staffContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { staffKeys } from './staff-keys';

export function getStaff(query: StaffListQuery, signal?: AbortSignal) {
  return callApi(staffContracts.list, query, { signal });
}

export const staffQueryOptions = (query: StaffListQuery) =>
  queryOptions({
    queryKey: staffKeys.list(query),
    queryFn: ({ signal }) => getStaff(query, signal),
    placeholderData: keepPreviousData,
  });

/** The current pharmacy's staff (the pharmacyid header names it). */
export function useStaff(query: StaffListQuery) {
  return useQuery(staffQueryOptions(query));
}
