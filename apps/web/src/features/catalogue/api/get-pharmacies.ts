import type { PageResult, PharmacyListQuery, PublicPharmacy } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, takeInitialData } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

export function getPharmacies(query: PharmacyListQuery, signal?: AbortSignal) {
  return callApi<PageResult<PublicPharmacy>>('pharmacy.list', { ...query }, { signal });
}

export const pharmaciesQueryOptions = (query: PharmacyListQuery) =>
  queryOptions({
    queryKey: catalogueKeys.pharmacies(query),
    queryFn: ({ signal }) => getPharmacies(query, signal),
    initialData: () => takeInitialData<PageResult<PublicPharmacy>>('pharmacy.list', { ...query }),
    placeholderData: keepPreviousData,
  });

export function usePharmacies(query: PharmacyListQuery) {
  return useQuery(pharmaciesQueryOptions(query));
}
