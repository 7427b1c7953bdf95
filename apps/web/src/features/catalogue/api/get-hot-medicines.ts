import { medicineContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, takeInitialData } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

/** Medicines ranked by units sold: of all time (`admin/medicine/hot`) or of the last week (`hot/week`). */
const hotContract = (kind: 'all' | 'week') => (kind === 'week' ? medicineContracts.hotWeek : medicineContracts.hot);

export function getHotMedicines(kind: 'all' | 'week', limit: number, signal?: AbortSignal) {
  return callApi(hotContract(kind), { limit }, { signal });
}

export const hotMedicinesQueryOptions = (kind: 'all' | 'week', limit = 10) =>
  queryOptions({
    queryKey: catalogueKeys.hot(kind, limit),
    queryFn: ({ signal }) => getHotMedicines(kind, limit, signal),
    initialData: () => takeInitialData(hotContract(kind), { limit }),
    staleTime: 5 * 60_000,
  });

export function useHotMedicines(kind: 'all' | 'week', limit = 10) {
  return useQuery(hotMedicinesQueryOptions(kind, limit));
}
