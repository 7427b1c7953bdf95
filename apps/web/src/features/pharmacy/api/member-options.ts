import { memberContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { memberKeys } from './member-keys';

export function getMemberOptions(signal?: AbortSignal) {
  return callApi(memberContracts.options, undefined, { signal });
}

export const memberOptionsQueryOptions = (pharmacyId: number | null) =>
  queryOptions({
    queryKey: memberKeys.options(pharmacyId),
    queryFn: ({ signal }) => getMemberOptions(signal),
    enabled: pharmacyId !== null,
    staleTime: 60_000,
  });

/** The filters' choices: the pharmacy's channels and the tags its members carry. */
export function useMemberOptions() {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(memberOptionsQueryOptions(pharmacyId));
}
