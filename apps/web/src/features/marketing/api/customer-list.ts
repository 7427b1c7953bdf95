import { type CustomerListQuery, customerContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { customerKeys } from './customer-keys';

export function getCustomers(query: CustomerListQuery, signal?: AbortSignal) {
  return callApi(customerContracts.list, query, { signal });
}

export const customersQueryOptions = (pharmacyId: number | null, query: CustomerListQuery) =>
  queryOptions({
    queryKey: customerKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => getCustomers(query, signal),
    // the previous page stays while the next loads, but never another pharmacy's
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** The current pharmacy's customers: one page, filtered (phones arrive masked). */
export function useCustomers(query: CustomerListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(customersQueryOptions(pharmacyId, query));
}
