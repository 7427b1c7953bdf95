import { type ShareCreateBody, type ShareUpdateBody, shareContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { shareKeys } from './share-keys';

/** Creates a share (id null: pending review) or edits a pending or rejected one (back to pending). */
export function saveShare(input: { id: null; body: ShareCreateBody } | { id: number; body: ShareUpdateBody }) {
  return input.id === null
    ? callApi(shareContracts.create, input.body)
    : callApi(shareContracts.update, { id: input.id, ...input.body });
}

export function useSaveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShare,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

/** A new recipient phone (the share goes back to review). */
export function useChangeSharePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, recipient_phone }: { id: number; recipient_phone: string }) =>
      callApi(shareContracts.changePhone, { id, recipient_phone }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
