import { channelContracts as c } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { channelKeys } from './channel-keys';

/** 新建渠道 (no id) or 重命名 (id). */
export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; name: string }) =>
      input.id === undefined
        ? callApi(c.create, { name: input.name })
        : callApi(c.update, { id: input.id, name: input.name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}

export function useRemoveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(c.remove, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
