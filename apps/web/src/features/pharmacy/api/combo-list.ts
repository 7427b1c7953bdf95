import { type ComboListQuery, comboContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { comboKeys } from './combo-keys';

export function getCombos(query: ComboListQuery, signal?: AbortSignal) {
  return callApi(comboContracts.list, query, { signal });
}

export const combosQueryOptions = (pharmacyId: number | null, query: ComboListQuery) =>
  queryOptions({
    queryKey: comboKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => getCombos(query, signal),
    // the previous page stays while the next loads, but never another pharmacy's
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** The current pharmacy's combos: one page with its total and the status tabs' counts. */
export function useCombos(query: ComboListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(combosQueryOptions(pharmacyId, query));
}
