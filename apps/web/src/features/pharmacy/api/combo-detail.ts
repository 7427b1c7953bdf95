import { comboContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { comboKeys } from './combo-keys';

export function getCombo(id: number, signal?: AbortSignal) {
  return callApi(comboContracts.detail, { id }, { signal });
}

export const comboQueryOptions = (pharmacyId: number | null, id: number) =>
  queryOptions({
    queryKey: comboKeys.detail(pharmacyId, id),
    queryFn: ({ signal }) => getCombo(id, signal),
    enabled: pharmacyId !== null && Number.isInteger(id) && id > 0,
    // the quotes' shelf and prices may have changed since the list was read
    staleTime: 0,
  });

/** One combo with its items as they are now (price, stock, shelf), its sums and what it can no longer deliver. */
export function useCombo(id: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(comboQueryOptions(pharmacyId, id));
}
