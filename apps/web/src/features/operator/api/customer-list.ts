import { type AdminCustomerListQuery, adminCustomerContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { customerKeys } from './customer-keys';

export function getAdminCustomers(query: AdminCustomerListQuery, signal?: AbortSignal) {
  return callApi(adminCustomerContracts.list, query, { signal });
}

export const adminCustomersQueryOptions = (query: AdminCustomerListQuery) =>
  queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => getAdminCustomers(query, signal),
    placeholderData: keepPreviousData,
  });

/** The platform's members: one page, filtered (phones arrive masked). */
export function useAdminCustomers(query: AdminCustomerListQuery) {
  return useQuery(adminCustomersQueryOptions(query));
}
