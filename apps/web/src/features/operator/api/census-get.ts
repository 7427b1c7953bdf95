import { type PlatformCensusQuery, platformCensusContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { platformCensusKeys } from './census-keys';

export function getPlatformCensus(query: PlatformCensusQuery, signal?: AbortSignal) {
  return callApi(platformCensusContracts.census, query, { signal });
}

export const platformCensusQueryOptions = (query: PlatformCensusQuery) =>
  queryOptions({
    queryKey: platformCensusKeys.census(query),
    queryFn: ({ signal }) => getPlatformCensus(query, signal),
    placeholderData: keepPreviousData,
  });

/** 处方统计 of the platform over the query's range (default: the last 30 days), optionally one pharmacy / doctor. */
export function usePlatformCensus(query: PlatformCensusQuery) {
  return useQuery(platformCensusQueryOptions(query));
}
