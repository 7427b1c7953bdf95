import { type LiveListQuery, liveContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { liveKeys } from './live-keys';

/** The current pharmacy's id (the pharmacyid header every live call carries). */
export const useLivePharmacyId = () => useSessionStore((s) => s.currentPharmacy?.id ?? null);

export const livesQueryOptions = (pharmacyId: number | null, query: LiveListQuery) =>
  queryOptions({
    queryKey: liveKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => callApi(liveContracts.list, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** 课程列表: a page of the pharmacy's lives, its total and every status tab's count. */
export function useLives(query: LiveListQuery) {
  return useQuery(livesQueryOptions(useLivePharmacyId(), query));
}

/** One live (the detail drawer and the edit dialog); id 0: nothing asked. */
export function useLiveDetail(id: number) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.detail(pharmacyId, id),
    queryFn: ({ signal }) => callApi(liveContracts.detail, { id }, { signal }),
    enabled: id > 0,
  });
}
