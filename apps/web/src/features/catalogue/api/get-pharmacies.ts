import { type PharmacyListQuery, pharmacyDirectoryContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, takeInitialData } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

export function getPharmacies(query: PharmacyListQuery, signal?: AbortSignal) {
  return callApi(pharmacyDirectoryContracts.list, query, { signal });
}

export const pharmaciesQueryOptions = (query: PharmacyListQuery) =>
  queryOptions({
    queryKey: catalogueKeys.pharmacies(query),
    queryFn: ({ signal }) => getPharmacies(query, signal),
    initialData: () => takeInitialData(pharmacyDirectoryContracts.list, query),
    placeholderData: keepPreviousData,
  });

export function usePharmacies(query: PharmacyListQuery) {
  return useQuery(pharmaciesQueryOptions(query));
}
