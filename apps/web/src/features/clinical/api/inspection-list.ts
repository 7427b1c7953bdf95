import { type InspectionListQuery, inspectionContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { inspectionKeys } from './inspection-keys';

export function getInspections(query: InspectionListQuery, signal?: AbortSignal) {
  return callApi(inspectionContracts.list, query, { signal });
}

export const inspectionsQueryOptions = (pharmacyId: number | null, query: InspectionListQuery) =>
  queryOptions({
    queryKey: inspectionKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => getInspections(query, signal),
    // the previous page stays while the next loads, but never another pharmacy's
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** One page of the pharmacy's prescriptions with its total and the status tabs' counts. */
export function useInspections(query: InspectionListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(inspectionsQueryOptions(pharmacyId, query));
}
