import { MAX_PAGE_SIZE, type OrderSummary, userOrderContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys } from './chat-keys';

/** My latest orders (one page of the largest size), newest first: the order card's choices, the picker's shops. */
export function getRecentOrders(signal?: AbortSignal) {
  return callApi(userOrderContracts.list, { page: 1, page_size: MAX_PAGE_SIZE }, { signal });
}

export const recentOrdersQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.recentOrders(),
    queryFn: async ({ signal }) => (await getRecentOrders(signal)).list,
    staleTime: 60_000,
  });

export function useRecentOrders(enabled = true) {
  return useQuery({ ...recentOrdersQueryOptions(), enabled });
}

export interface OrderedPharmacy {
  id: number;
  name: string;
  /** My latest order there. */
  last_order_at: string;
}

/** The pharmacies I ordered from, the most recent first (one entry each). */
export function orderedPharmacies(orders: readonly OrderSummary[] | undefined): OrderedPharmacy[] {
  const seen = new Map<number, OrderedPharmacy>();
  for (const o of orders ?? []) {
    const known = seen.get(o.pharmacy_id);
    if (!known || known.last_order_at < o.created_at)
      seen.set(o.pharmacy_id, { id: o.pharmacy_id, name: o.pharmacy_name, last_order_at: o.created_at });
  }
  return [...seen.values()].sort((a, b) => b.last_order_at.localeCompare(a.last_order_at));
}
