import { inspectionContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { inspectionKeys } from './inspection-keys';

export function getInspection(id: number, signal?: AbortSignal) {
  return callApi(inspectionContracts.detail, { id }, { signal });
}

export const inspectionQueryOptions = (pharmacyId: number | null, id: number) =>
  queryOptions({
    queryKey: inspectionKeys.detail(pharmacyId, id),
    queryFn: ({ signal }) => getInspection(id, signal),
    enabled: pharmacyId !== null && id > 0,
    // the aids are run again on every read: a dialog opened again shows them as of now
    staleTime: 0,
  });

/** The prescription to inspect: its order's lines and the inspection aids run again now. */
export function useInspection(id: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(inspectionQueryOptions(pharmacyId, id));
}
