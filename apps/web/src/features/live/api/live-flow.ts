import { type LiveFlowAction, liveContracts } from '@pharmacy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { liveKeys } from './live-keys';
import { useLivePharmacyId } from './live-list';

/** 发布 / 撤回 / 开始直播 / 结束直播 (409 when the status changed meanwhile: the lists refresh either way). */
export function useLiveFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: LiveFlowAction }) => callApi(liveContracts.flow, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

/** Binds a combo (null: unbinds) and whether viewers see it pinned. */
export function useLiveQuoteSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; quote_set_id: number | null; pinned: boolean }) =>
      callApi(liveContracts.quoteSet, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

/** The pharmacies a live may be copied to (the other pharmacies the signed-in member manages). */
export function useLiveSyncTargets(enabled = true) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.syncTargets(pharmacyId),
    queryFn: ({ signal }) => callApi(liveContracts.syncTargets, undefined, { signal }),
    enabled,
  });
}

/** 同步: copies the live as a draft into each chosen pharmacy; answers the lives created. */
export function useLiveSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; pharmacy_ids: number[] }) => callApi(liveContracts.sync, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}
