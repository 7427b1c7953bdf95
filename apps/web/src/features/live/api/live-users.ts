import { liveContracts } from '@pharmacy/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { liveKeys } from './live-keys';
import { useLivePharmacyId } from './live-list';

export interface LiveUsersQuery {
  page: number;
  page_size: number;
  keyword?: string;
}

/** 观看用户: a page of the live's viewers (watch time, exam, inviter), searched by name or phone. */
export function useLiveUsers(liveId: number, query: LiveUsersQuery) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.users(pharmacyId, liveId, query),
    queryFn: ({ signal }) => callApi(liveContracts.users, { id: liveId, ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The live's figures (观看人数, 时长, 答题, 成交 …). */
export function useLiveUserStats(liveId: number) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.userStats(pharmacyId, liveId),
    queryFn: ({ signal }) => callApi(liveContracts.userStats, { id: liveId }, { signal }),
  });
}

/** 导出: the viewers (same keyword) as an xlsx the browser saves. */
export function useExportLiveUsers() {
  return useMutation({
    mutationFn: (input: { id: number; keyword?: string }) => callApi(liveContracts.export, input),
  });
}
