import { type RecipeStatisticsQuery, recipeDocumentContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { censusKeys } from './census-keys';

export function getRecipeStatistics(query: RecipeStatisticsQuery, signal?: AbortSignal) {
  return callApi(recipeDocumentContracts.statistics, query, { signal });
}

export const recipeStatisticsQueryOptions = (query: RecipeStatisticsQuery) =>
  queryOptions({
    queryKey: censusKeys.statistics(query),
    queryFn: ({ signal }) => getRecipeStatistics(query, signal),
    placeholderData: keepPreviousData,
  });

/** 处方统计 of the signed-in doctor over the query's range (default: the last 30 days). */
export function useRecipeStatistics(query: RecipeStatisticsQuery) {
  return useQuery(recipeStatisticsQueryOptions(query));
}
