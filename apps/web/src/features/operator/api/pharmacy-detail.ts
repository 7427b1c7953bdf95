import { adminPharmacyContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { pharmacyKeys } from './pharmacy-keys';

export function getPharmacy(id: number, signal?: AbortSignal) {
  return callApi(adminPharmacyContracts.detail, { id }, { signal });
}

export const pharmacyQueryOptions = (id: number) =>
  queryOptions({ queryKey: pharmacyKeys.detail(id), queryFn: ({ signal }) => getPharmacy(id, signal) });

/** 药店详情: basic info, the checklist, qualifications with expiry states, staff, group. */
export function usePharmacy(id: number) {
  return useQuery(pharmacyQueryOptions(id));
}
