import { type ChatConversation, chatContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys, useCurrentPharmacyId } from './chat-keys';

export function takeConversation(id: number) {
  return callApi(chatContracts.take, { id });
}
export function transferConversation(id: number, assigneeId: number) {
  return callApi(chatContracts.transfer, { id, assignee_id: assigneeId });
}
export function closeConversation(id: number) {
  return callApi(chatContracts.close, { id });
}
export function reopenConversation(id: number) {
  return callApi(chatContracts.reopen, { id });
}

/**
 * A change of assignment or status: on success the lists, the counts and the detail are read again (the socket's
 * conversation frame updates them too; reading again settles a missed frame).
 */
function useConversationMutation<V>(fn: (v: V) => Promise<ChatConversation>) {
  const queryClient = useQueryClient();
  const pharmacyId = useCurrentPharmacyId();
  return useMutation({
    mutationFn: fn,
    onSuccess: (conversation) => {
      queryClient.setQueryData(chatKeys.detail(pharmacyId, conversation.id), conversation);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(pharmacyId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread(pharmacyId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.colleagues(pharmacyId) });
    },
  });
}

export const useTakeConversation = () => useConversationMutation(takeConversation);
export const useTransferConversation = () =>
  useConversationMutation((v: { id: number; assigneeId: number }) => transferConversation(v.id, v.assigneeId));
export const useCloseConversation = () => useConversationMutation(closeConversation);
export const useReopenConversation = () => useConversationMutation(reopenConversation);
