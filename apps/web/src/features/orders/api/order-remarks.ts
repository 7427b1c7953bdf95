import { orderContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { orderKeys } from './order-keys';

export function getOrderRemarks(id: number, signal?: AbortSignal) {
  return callApi(orderContracts.remarks, { id }, { signal });
}

export const orderRemarksQueryOptions = (pharmacyId: number | null, id: number) =>
  queryOptions({
    queryKey: orderKeys.remarks(pharmacyId, id),
    queryFn: ({ signal }) => getOrderRemarks(id, signal),
    enabled: pharmacyId !== null && id > 0,
  });

/** The remark history of an order, newest first. */
export function useOrderRemarks(id: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(orderRemarksQueryOptions(pharmacyId, id));
}
