import { adminCustomerContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { customerKeys } from './customer-keys';

export function getAdminCustomerCard(id: number, signal?: AbortSignal) {
  return callApi(adminCustomerContracts.card, { id }, { signal });
}

export const adminCustomerCardQueryOptions = (id: number) =>
  queryOptions({
    queryKey: customerKeys.card(id),
    queryFn: ({ signal }) => getAdminCustomerCard(id, signal),
    enabled: id > 0,
  });

/** One member's card: account, memberships and CRM rows per pharmacy, family, addresses, orders, prescriptions, complaints. */
export function useAdminCustomerCard(id: number) {
  return useQuery(adminCustomerCardQueryOptions(id));
}
