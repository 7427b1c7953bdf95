import { type FinanceFilter, financeContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { financeKeys } from './finance-keys';

export function getFinanceStatistics(filter: FinanceFilter, signal?: AbortSignal) {
  return callApi(financeContracts.statistics, filter, { signal });
}

export const financeStatisticsQueryOptions = (pharmacyId: number | null, filter: FinanceFilter) =>
  queryOptions({
    queryKey: financeKeys.statistics(pharmacyId, filter),
    queryFn: ({ signal }) => getFinanceStatistics(filter, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** Sums over the current filter (订单数, 实收, 平台服务费, 结算, 退款). */
export function useFinanceStatistics(filter: FinanceFilter) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(financeStatisticsQueryOptions(pharmacyId, filter));
}
