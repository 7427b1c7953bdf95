import { type ChatCannedReplyBody, chatDeskContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { deskKeys, useCurrentPharmacyId } from './desk-keys';

export function createCannedReply(body: ChatCannedReplyBody) {
  return callApi(chatDeskContracts.createCannedReply, body);
}

export function updateCannedReply(id: number, body: ChatCannedReplyBody) {
  return callApi(chatDeskContracts.updateCannedReply, { id, ...body });
}

/** Adds (no id) or changes a canned reply; the list (also the composer's) is read again. */
export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  const pharmacyId = useCurrentPharmacyId();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ChatCannedReplyBody }) =>
      id === undefined ? createCannedReply(body) : updateCannedReply(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.cannedReplies(pharmacyId) }),
  });
}
