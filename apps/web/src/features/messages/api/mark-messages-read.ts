import { type MarkReadBody, messageContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { messageKeys } from './message-keys';

/** Marks the given messages, or all of them (`{ all: true }`), as read; answers how many changed. */
export function markMessagesRead(body: MarkReadBody) {
  return callApi(messageContracts.read, body);
}

export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessagesRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
