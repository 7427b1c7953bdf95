import { type FinanceListQuery, financeContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { financeKeys } from './finance-keys';

export function getSettlements(query: FinanceListQuery, signal?: AbortSignal) {
  return callApi(financeContracts.list, query, { signal });
}

export const settlementsQueryOptions = (pharmacyId: number | null, query: FinanceListQuery) =>
  queryOptions({
    queryKey: financeKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => getSettlements(query, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** The current pharmacy's settlements: one page, filtered. */
export function useSettlements(query: FinanceListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(settlementsQueryOptions(pharmacyId, query));
}
