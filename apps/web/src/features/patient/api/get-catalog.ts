import { patientCatalogContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { patientKeys } from './patient-keys';

/** A pharmacy's delivery terms, receiving account and combos on sale. */
export function getCatalog(pharmacyId: number, signal?: AbortSignal) {
  return callApi(patientCatalogContracts.catalog, { pharmacy_id: pharmacyId }, { signal });
}

export const catalogQueryOptions = (pharmacyId: number) =>
  queryOptions({
    queryKey: patientKeys.catalog(pharmacyId),
    queryFn: ({ signal }) => getCatalog(pharmacyId, signal),
  });

export function useCatalog(pharmacyId: number | null) {
  return useQuery({ ...catalogQueryOptions(pharmacyId ?? 0), enabled: !!pharmacyId });
}
