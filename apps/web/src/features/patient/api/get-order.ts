import { userOrderContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { patientKeys } from './patient-keys';

/** One of my orders whole (lines, amounts, address, times, tracking number). */
export function getOrder(id: number, signal?: AbortSignal) {
  return callApi(userOrderContracts.detail, { id }, { signal });
}

export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: patientKeys.order(id), queryFn: ({ signal }) => getOrder(id, signal) });

export function useOrder(id: number | null) {
  return useQuery({ ...orderQueryOptions(id ?? 0), enabled: !!id });
}
