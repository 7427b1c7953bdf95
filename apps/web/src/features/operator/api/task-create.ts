import { type AdminTaskCreateInput, adminTaskContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { adminTaskKeys } from './task-keys';

export function createAdminTask(body: AdminTaskCreateInput) {
  return callApi(adminTaskContracts.create, body);
}

export function useCreateAdminTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminTask,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTaskKeys.all }),
  });
}
