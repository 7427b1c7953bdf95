import { orderContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { type OrderScope, orderKeys } from './order-keys';

export function getOrderDetail(scope: OrderScope, id: number, signal?: AbortSignal) {
  return scope === 'admin'
    ? callApi(orderContracts.adminDetail, { id }, { signal })
    : callApi(orderContracts.detail, { id }, { signal });
}

export const orderDetailQueryOptions = (scope: OrderScope, pharmacyId: number | null, id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(scope, pharmacyId, id),
    queryFn: ({ signal }) => getOrderDetail(scope, id, signal),
    enabled: id > 0 && (scope === 'admin' || pharmacyId !== null),
  });

/** One order whole: items, amounts, patient, address, payments, shipments with their tracking, remarks. */
export function useOrderDetail(scope: OrderScope, id: number) {
  const pharmacyId = useSessionStore((s) => (scope === 'admin' ? null : (s.currentPharmacy?.id ?? null)));
  return useQuery(orderDetailQueryOptions(scope, pharmacyId, id));
}
