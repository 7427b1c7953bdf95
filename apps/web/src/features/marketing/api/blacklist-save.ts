import { type BlackUserBody, blacklistContracts as c } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { blacklistKeys } from './blacklist-keys';

export const addBlackUser = (body: BlackUserBody) => callApi(c.add, body);
export const removeBlackUser = (id: number) => callApi(c.remove, { id });

/** Every blacklist write refreshes the list. */
function useBlacklistMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blacklistKeys.all }),
  });
}

export const useAddBlackUser = () => useBlacklistMutation(addBlackUser);
export const useRemoveBlackUser = () => useBlacklistMutation(removeBlackUser);
