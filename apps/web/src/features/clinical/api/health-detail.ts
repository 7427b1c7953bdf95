import { healthContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { healthKeys } from './health-keys';

/** One form with all its answers and the family member's profile. */
export function getHealthForm(id: number, signal?: AbortSignal) {
  return callApi(healthContracts.detail, { id }, { signal });
}

export const healthFormQueryOptions = (id: number) =>
  queryOptions({ queryKey: healthKeys.detail(id), queryFn: ({ signal }) => getHealthForm(id, signal) });

export function useHealthForm(id: number | null) {
  return useQuery({ ...healthFormQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
