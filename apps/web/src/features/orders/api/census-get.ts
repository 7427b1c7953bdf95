import { type CensusQuery, censusContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { censusKeys } from './census-keys';

export function getCensus(query: CensusQuery, signal?: AbortSignal) {
  return callApi(censusContracts.census, query, { signal });
}

export const censusQueryOptions = (query: CensusQuery) =>
  queryOptions({
    queryKey: censusKeys.census(query),
    queryFn: ({ signal }) => getCensus(query, signal),
    placeholderData: keepPreviousData,
  });

/** 订单统计 of the current pharmacy over the query's range and granularity. */
export function useCensus(query: CensusQuery) {
  return useQuery(censusQueryOptions(query));
}
