import { messageContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { messageKeys } from './message-keys';

export function deleteMessage(id: number) {
  return callApi(messageContracts.remove, { id });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
