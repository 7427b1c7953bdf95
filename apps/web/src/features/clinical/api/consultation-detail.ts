import { consultationContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { consultationKeys } from './consultation-keys';

export function getConsultation(id: number, signal?: AbortSignal) {
  return callApi(consultationContracts.get, { id }, { signal });
}

export const consultationQueryOptions = (id: number) =>
  queryOptions({ queryKey: consultationKeys.detail(id), queryFn: ({ signal }) => getConsultation(id, signal) });

/** One request whole: the family member's histories, wanted items, images, the order. */
export function useConsultation(id: number) {
  return useQuery({ ...consultationQueryOptions(id), enabled: id > 0 });
}
