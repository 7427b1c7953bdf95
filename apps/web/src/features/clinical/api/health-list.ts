import { type HealthFormListQuery, healthContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { healthKeys } from './health-keys';

/** The doctor's forms in one status tab, with the tabs' counts. */
export function getHealthForms(query: HealthFormListQuery, signal?: AbortSignal) {
  return callApi(healthContracts.list, query, { signal });
}

export const healthFormsQueryOptions = (query: HealthFormListQuery) =>
  queryOptions({
    queryKey: healthKeys.list(query),
    queryFn: ({ signal }) => getHealthForms(query, signal),
    placeholderData: keepPreviousData,
  });

export function useHealthForms(query: HealthFormListQuery) {
  return useQuery(healthFormsQueryOptions(query));
}
