import type { RecipeStatisticsQuery } from '@pharmacy/shared';

/** Query keys of the doctor's prescription statistics (处方统计), defined once. */
export const censusKeys = {
  all: ['clinical-census'] as const,
  statistics: (query: RecipeStatisticsQuery) => [...censusKeys.all, 'statistics', query] as const,
};
