import { type GroupBody, groupContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { groupKeys } from './group-keys';

export function saveGroup(id: number | null, body: GroupBody) {
  return id === null ? callApi(groupContracts.create, body) : callApi(groupContracts.update, { id, ...body });
}

/** 新建集团 (no id) or 编辑 (id): name and remark. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: GroupBody }) => saveGroup(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
