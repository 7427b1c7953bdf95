import { shareContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { shareKeys } from './share-keys';

export const shareDetailQueryOptions = (pharmacyId: number | null, id: number | null) =>
  queryOptions({
    queryKey: shareKeys.detail(pharmacyId, id ?? 0),
    queryFn: ({ signal }) => callApi(shareContracts.detail, { id: id! }, { signal }),
    enabled: pharmacyId !== null && id !== null,
  });

/** One share (for the edit dialog); null id reads nothing. */
export function useShare(id: number | null) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(shareDetailQueryOptions(pharmacyId, id));
}
