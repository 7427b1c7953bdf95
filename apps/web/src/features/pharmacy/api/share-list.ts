import { type ShareListQuery, shareContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { shareKeys } from './share-keys';

/** Only the server's filters (the page's URL also holds tab=share). */
const serverQuery = ({ page, page_size, status, kind, keyword }: ShareListQuery): ShareListQuery => ({
  page,
  page_size,
  status,
  kind,
  keyword,
});

export function getShares(query: ShareListQuery, signal?: AbortSignal) {
  return callApi(shareContracts.list, serverQuery(query), { signal });
}

export const sharesQueryOptions = (pharmacyId: number | null, query: ShareListQuery) =>
  queryOptions({
    queryKey: shareKeys.list(pharmacyId, serverQuery(query)),
    queryFn: ({ signal }) => getShares(query, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** The shares the signed-in member sees (their own; a manager's: the pharmacy's) with the status tabs' counts. */
export function useShares(query: ShareListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(sharesQueryOptions(pharmacyId, query));
}
