import { liveContracts, type liveShareBodySchema } from '@pharmacy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/http';
import { liveKeys } from './live-keys';
import { useLivePharmacyId } from './live-list';

export type LiveShareBody = z.input<typeof liveShareBodySchema>;

/** 分享设置: the live's share cards. */
export function useLiveShares(liveId: number) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.shares(pharmacyId, liveId),
    queryFn: ({ signal }) => callApi(liveContracts.shares, { id: liveId }, { signal }),
  });
}

/** 新增 (no share id) or 编辑 a share card. */
export function useSaveLiveShare(liveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { shareId?: number; body: LiveShareBody }) =>
      input.shareId === undefined
        ? callApi(liveContracts.createShare, { id: liveId, ...input.body })
        : callApi(liveContracts.updateShare, { id: input.shareId, ...input.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

export function useRemoveLiveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) => callApi(liveContracts.removeShare, { id: shareId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}
