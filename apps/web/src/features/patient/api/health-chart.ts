import { healthContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { healthKeys } from './health-keys';

/** A year of one of my family members' measurements. */
export function getMyHealthChart(familyMemberId: number, signal?: AbortSignal) {
  return callApi(healthContracts.myChart, { family_member_id: familyMemberId }, { signal });
}

export const myHealthChartQueryOptions = (familyMemberId: number) =>
  queryOptions({
    queryKey: healthKeys.chart(familyMemberId),
    queryFn: ({ signal }) => getMyHealthChart(familyMemberId, signal),
  });

export function useMyHealthChart(familyMemberId: number | null) {
  return useQuery({ ...myHealthChartQueryOptions(familyMemberId ?? 0), enabled: !!familyMemberId });
}
