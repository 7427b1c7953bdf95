import { groupContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { groupKeys } from './group-keys';

export function deleteGroup(id: number) {
  return callApi(groupContracts.remove, { id });
}

/** 删除 an empty group (the server refuses one with pharmacies, 409 with its message). */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
