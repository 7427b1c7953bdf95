import { type PharmacyProductListQuery, pharmacyDirectoryContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

export function getPharmacyProducts(query: PharmacyProductListQuery, signal?: AbortSignal) {
  return callApi(pharmacyDirectoryContracts.products, query, { signal });
}

export const pharmacyProductsQueryOptions = (query: PharmacyProductListQuery) =>
  queryOptions({
    queryKey: catalogueKeys.pharmacyProducts(query),
    queryFn: ({ signal }) => getPharmacyProducts(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePharmacyProducts(query: PharmacyProductListQuery, enabled = true) {
  return useQuery({ ...pharmacyProductsQueryOptions(query), enabled });
}
