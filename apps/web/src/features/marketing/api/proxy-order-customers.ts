import { proxyOrderContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { proxyOrderKeys } from './proxy-order-keys';

/** 选择客户: the pharmacy's customers by phone, its last 4 digits or a name part (the caller's own first). */
export const proxyCustomersQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: proxyOrderKeys.customers(keyword),
    queryFn: ({ signal }) => callApi(proxyOrderContracts.customers, { keyword: keyword || undefined }, { signal }),
    placeholderData: keepPreviousData,
  });

export function useProxyCustomers(keyword: string) {
  return useQuery(proxyCustomersQueryOptions(keyword));
}

/** One customer with their family members and addresses (null id: none chosen yet). */
export function useProxyCustomer(id: number | null) {
  return useQuery({
    queryKey: proxyOrderKeys.customer(id ?? 0),
    queryFn: ({ signal }) => callApi(proxyOrderContracts.customer, { id: id! }, { signal }),
    enabled: id !== null,
  });
}
