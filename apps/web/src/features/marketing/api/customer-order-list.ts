import { type CustomerOrderListQuery, proxyOrderContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { proxyOrderKeys } from './proxy-order-keys';

/** 客户订单: my customers' orders and those I placed (a manager: the pharmacy's), with tab counts. */
export const customerOrdersQueryOptions = (q: CustomerOrderListQuery) =>
  queryOptions({
    queryKey: proxyOrderKeys.list(q),
    queryFn: ({ signal }) => callApi(proxyOrderContracts.list, q, { signal }),
    placeholderData: keepPreviousData,
  });

export function useCustomerOrders(q: CustomerOrderListQuery) {
  return useQuery(customerOrdersQueryOptions(q));
}

/** The manager's filters: staff and teams of the pharmacy. */
export function useCustomerOrderFilterOptions(enabled: boolean) {
  return useQuery({
    queryKey: proxyOrderKeys.filterOptions(),
    queryFn: ({ signal }) => callApi(proxyOrderContracts.filterOptions, undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
