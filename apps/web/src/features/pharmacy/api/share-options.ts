import { shareContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { shareKeys } from './share-keys';

export const shareOptionsQueryOptions = (pharmacyId: number | null) =>
  queryOptions({
    queryKey: shareKeys.options(pharmacyId),
    queryFn: ({ signal }) => callApi(shareContracts.options, undefined, { signal }),
    enabled: pharmacyId !== null,
  });

/** The pharmacy's combos on sale and published live classes, for the create dialog's selects. */
export function useShareOptions() {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(shareOptionsQueryOptions(pharmacyId));
}
