import { medicineContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

export function getMedicine(id: number, signal?: AbortSignal) {
  return callApi(medicineContracts.product, { id }, { signal });
}

export const medicineQueryOptions = (id: number) =>
  queryOptions({ queryKey: catalogueKeys.medicine(id), queryFn: ({ signal }) => getMedicine(id, signal) });

export function useMedicine(id: number | null) {
  return useQuery({ ...medicineQueryOptions(id ?? 0), enabled: id !== null });
}
