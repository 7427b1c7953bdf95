import { type MemberListQuery, memberContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { memberKeys } from './member-keys';

export function getMembers(query: MemberListQuery, signal?: AbortSignal) {
  return callApi(memberContracts.list, query, { signal });
}

export const membersQueryOptions = (pharmacyId: number | null, query: MemberListQuery) =>
  queryOptions({
    queryKey: memberKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => getMembers(query, signal),
    // the previous page stays while the next loads, but never another pharmacy's
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** The current pharmacy's members: one page, filtered (phones arrive masked). */
export function useMembers(query: MemberListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(membersQueryOptions(pharmacyId, query));
}
