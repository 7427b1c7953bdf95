import { pharmacyDirectoryContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

export function getPharmacy(id: number, signal?: AbortSignal) {
  return callApi(pharmacyDirectoryContracts.detail, { id }, { signal });
}

export const pharmacyQueryOptions = (id: number) =>
  queryOptions({ queryKey: catalogueKeys.pharmacy(id), queryFn: ({ signal }) => getPharmacy(id, signal) });

export function usePharmacy(id: number | null) {
  return useQuery({ ...pharmacyQueryOptions(id ?? 0), enabled: id !== null });
}
