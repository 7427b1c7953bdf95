import { type BlackUserListQuery, blacklistContracts as c } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { blacklistKeys } from './blacklist-keys';

export function getBlackUsers(query: BlackUserListQuery, signal?: AbortSignal) {
  return callApi(c.list, query, { signal });
}

export const blackUsersQueryOptions = (pharmacyId: number | null, query: BlackUserListQuery) =>
  queryOptions({
    queryKey: blacklistKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => getBlackUsers(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the pharmacy's blacklist. */
export function useBlackUsers(query: BlackUserListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(blackUsersQueryOptions(pharmacyId, query));
}
