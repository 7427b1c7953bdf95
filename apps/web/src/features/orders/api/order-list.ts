import { type OrderListQuery, orderContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { type OrderScope, orderKeys } from './order-keys';

export function getOrders(scope: OrderScope, query: OrderListQuery, signal?: AbortSignal) {
  return scope === 'admin'
    ? callApi(orderContracts.adminList, query, { signal })
    : callApi(orderContracts.list, query, { signal });
}

export const ordersQueryOptions = (scope: OrderScope, pharmacyId: number | null, query: OrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(scope, pharmacyId, query),
    queryFn: ({ signal }) => getOrders(scope, query, signal),
    // the previous page stays while the next loads, but never another pharmacy's
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: scope === 'admin' || pharmacyId !== null,
  });

/** One page of orders with its total and the status tabs' counts (the pharmacy's, or every pharmacy's). */
export function useOrders(scope: OrderScope, query: OrderListQuery) {
  const pharmacyId = useSessionStore((s) => (scope === 'admin' ? null : (s.currentPharmacy?.id ?? null)));
  return useQuery(ordersQueryOptions(scope, pharmacyId, query));
}
