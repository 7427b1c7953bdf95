import { chatDeskContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { deskKeys, useCurrentPharmacyId } from './desk-keys';

export function removeCannedReply(id: number) {
  return callApi(chatDeskContracts.removeCannedReply, { id });
}

/** Deletes a canned reply; the list (also the composer's) is read again. */
export function useRemoveCannedReply() {
  const queryClient = useQueryClient();
  const pharmacyId = useCurrentPharmacyId();
  return useMutation({
    mutationFn: removeCannedReply,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.cannedReplies(pharmacyId) }),
  });
}
