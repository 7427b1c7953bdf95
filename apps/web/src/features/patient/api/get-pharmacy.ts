import { pharmacyDirectoryContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { patientKeys } from './patient-keys';

/** One pharmacy as the public directory shows it (name, address, hours). */
export function getPharmacy(id: number, signal?: AbortSignal) {
  return callApi(pharmacyDirectoryContracts.detail, { id }, { signal });
}

export const pharmacyQueryOptions = (id: number) =>
  queryOptions({ queryKey: patientKeys.pharmacy(id), queryFn: ({ signal }) => getPharmacy(id, signal) });

export function usePharmacy(id: number | null) {
  return useQuery({ ...pharmacyQueryOptions(id ?? 0), enabled: !!id });
}
