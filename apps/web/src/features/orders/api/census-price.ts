import { type CensusQuery, censusContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { censusKeys } from './census-keys';

export function getCensusPrice(query: CensusQuery, signal?: AbortSignal) {
  return callApi(censusContracts.price, query, { signal });
}

export const censusPriceQueryOptions = (query: CensusQuery) =>
  queryOptions({
    queryKey: censusKeys.price(query),
    queryFn: ({ signal }) => getCensusPrice(query, signal),
    placeholderData: keepPreviousData,
  });

/** 价格统计: paid orders of the range in price bands. */
export function useCensusPrice(query: CensusQuery) {
  return useQuery(censusPriceQueryOptions(query));
}
