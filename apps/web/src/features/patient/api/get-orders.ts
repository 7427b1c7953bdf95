import { type OrderStatus, userOrderContracts } from '@pharmacy/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { patientKeys } from './patient-keys';

export const ORDERS_PAGE_SIZE = 10;

/** My orders, newest first, optionally one status. */
export function getOrders(query: { status?: OrderStatus; page: number; page_size: number }, signal?: AbortSignal) {
  return callApi(userOrderContracts.list, query, { signal });
}

export const ordersQueryOptions = (status: OrderStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: patientKeys.orderList({ status, page_size: ORDERS_PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) => getOrders({ status, page: pageParam, page_size: ORDERS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useOrders(status: OrderStatus | undefined) {
  return useInfiniteQuery(ordersQueryOptions(status));
}
