import { type MedicineListQuery, medicineContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

export function getMedicines(query: MedicineListQuery, signal?: AbortSignal) {
  return callApi(medicineContracts.list, query, { signal });
}

export const medicinesQueryOptions = (query: MedicineListQuery) =>
  queryOptions({
    queryKey: catalogueKeys.medicines(query),
    queryFn: ({ signal }) => getMedicines(query, signal),
    placeholderData: keepPreviousData,
  });

export function useMedicines(query: MedicineListQuery) {
  return useQuery(medicinesQueryOptions(query));
}
