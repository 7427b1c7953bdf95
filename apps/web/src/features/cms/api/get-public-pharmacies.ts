import { pharmacyDirectoryContracts } from '@pharmacy/shared';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { websiteKeys } from './website-keys';

/** Every pharmacy on the platform (the list's largest page; the platform has a handful). */
export function getAllPharmacies(signal?: AbortSignal) {
  return callApi(pharmacyDirectoryContracts.list, { page: 1, page_size: 100 }, { signal });
}

export function usePublicPharmacies() {
  return useQuery({
    queryKey: websiteKeys.pharmacies(),
    queryFn: ({ signal }) => getAllPharmacies(signal),
    staleTime: 5 * 60_000,
  });
}

export const pharmacyDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: websiteKeys.pharmacy(id),
    queryFn: ({ signal }) => callApi(pharmacyDirectoryContracts.detail, { id }, { signal }),
    staleTime: 5 * 60_000,
  });

/** The details (licences and qualification images) of the given pharmacies. */
export function usePharmacyDetails(ids: number[]) {
  return useQueries({ queries: ids.map((id) => pharmacyDetailQueryOptions(id)) });
}
