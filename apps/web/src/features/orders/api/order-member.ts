import { orderContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { orderKeys } from './order-keys';

export function getOrderMember(id: number, signal?: AbortSignal) {
  return callApi(orderContracts.member, { id }, { signal });
}

export const orderMemberQueryOptions = (pharmacyId: number | null, id: number) =>
  queryOptions({
    queryKey: orderKeys.member(pharmacyId, id),
    queryFn: ({ signal }) => getOrderMember(id, signal),
    enabled: pharmacyId !== null && id > 0,
  });

/** The buyer of an order: their orders here and their member card in this pharmacy (null: not a member). */
export function useOrderMember(id: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(orderMemberQueryOptions(pharmacyId, id));
}
