import { healthContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { healthKeys } from './health-keys';

/** The form's family member's measurements over the last year. */
export function getHealthChart(id: number, signal?: AbortSignal) {
  return callApi(healthContracts.chart, { id }, { signal });
}

export const healthChartQueryOptions = (id: number) =>
  queryOptions({ queryKey: healthKeys.chart(id), queryFn: ({ signal }) => getHealthChart(id, signal) });

export function useHealthChart(id: number | null) {
  return useQuery({ ...healthChartQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
