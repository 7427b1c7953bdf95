import { adminTaskContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { adminTaskKeys } from './task-keys';

export function cancelAdminTask(v: { id: number; reason: string }) {
  return callApi(adminTaskContracts.cancel, v);
}

export function useCancelAdminTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAdminTask,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTaskKeys.all }),
  });
}
