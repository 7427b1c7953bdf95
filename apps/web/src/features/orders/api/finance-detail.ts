import { financeContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { financeKeys } from './finance-keys';

export function getFinanceDetail(orderId: number, signal?: AbortSignal) {
  return callApi(financeContracts.detail, { id: orderId }, { signal });
}

export const financeDetailQueryOptions = (pharmacyId: number | null, orderId: number) =>
  queryOptions({
    queryKey: financeKeys.detail(pharmacyId, orderId),
    queryFn: ({ signal }) => getFinanceDetail(orderId, signal),
    enabled: pharmacyId !== null && orderId > 0,
    retry: false,
  });

/** One order's money breakdown. */
export function useFinanceDetail(orderId: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(financeDetailQueryOptions(pharmacyId, orderId));
}
