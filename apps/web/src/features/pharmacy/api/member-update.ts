import { type MemberUpdateInput, memberContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { memberKeys } from './member-keys';

/** Saves a member's level, tags and remark; answers the updated card. */
export function updateMember(id: number, body: MemberUpdateInput) {
  return callApi(memberContracts.update, { id, ...body });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MemberUpdateInput }) => updateMember(id, body),
    onSuccess: (card) => queryClient.setQueryData(memberKeys.card(pharmacyId, card.id), card),
    // the list, the card and the tags in use may all have changed
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.pharmacy(pharmacyId) }),
  });
}
