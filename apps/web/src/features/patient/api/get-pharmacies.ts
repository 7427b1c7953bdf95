import { type PharmacyListQuery, pharmacyDirectoryContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { patientKeys } from './patient-keys';

/** The public pharmacy directory: where the patient picks a pharmacy to buy from. */
export function getPharmacies(query: PharmacyListQuery, signal?: AbortSignal) {
  return callApi(pharmacyDirectoryContracts.list, query, { signal });
}

export const pharmaciesQueryOptions = (query: PharmacyListQuery) =>
  queryOptions({
    queryKey: patientKeys.pharmacies(query),
    queryFn: ({ signal }) => getPharmacies(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePharmacies(query: PharmacyListQuery) {
  return useQuery(pharmaciesQueryOptions(query));
}
