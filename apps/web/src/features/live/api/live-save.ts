import { type LiveBody, type LiveDetail, liveContracts, uploadContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { liveKeys } from './live-keys';

/** 新建直播 (no id: a draft) or 编辑 (id). */
export function saveLive(input: { id?: number; body: LiveBody }): Promise<LiveDetail> {
  return input.id === undefined
    ? callApi(liveContracts.create, input.body)
    : callApi(liveContracts.update, { id: input.id, ...input.body });
}

export function useSaveLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

/** 删除 (drafts only; the server answers 409 otherwise). */
export function useRemoveLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(liveContracts.remove, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

/** Uploads a live's cover or a share card's image through the generic upload (folder hint 'live'); answers its URL. */
export async function uploadLiveImage(file: File): Promise<string> {
  return (await callApi(uploadContracts.upload, { file, folder: 'live' })).url;
}
