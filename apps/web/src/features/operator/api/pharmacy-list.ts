import { adminPharmacyContracts, type ContractInput } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { pharmacyKeys } from './pharmacy-keys';

export type PharmacyListInput = ContractInput<typeof adminPharmacyContracts.list>;

export function getPharmacies(query: PharmacyListInput, signal?: AbortSignal) {
  return callApi(adminPharmacyContracts.list, query, { signal });
}

export const pharmaciesQueryOptions = (query: PharmacyListInput) =>
  queryOptions({
    queryKey: pharmacyKeys.list(query as never),
    queryFn: ({ signal }) => getPharmacies(query, signal),
    placeholderData: keepPreviousData,
  });

/** 药店列表: one page, the counts of every status tab under the same filters, expiry figures per pharmacy. */
export function usePharmacies(query: PharmacyListInput) {
  return useQuery(pharmaciesQueryOptions(query));
}

/** The filter choices: cities with pharmacies and the groups. */
export function usePharmacyFilters() {
  return useQuery({
    queryKey: pharmacyKeys.filters(),
    queryFn: ({ signal }) => callApi(adminPharmacyContracts.filters, undefined, { signal }),
    staleTime: 60_000,
  });
}
