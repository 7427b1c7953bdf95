import { type CustomerUpdateInput, customerContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { customerKeys } from './customer-keys';

/** Saves a customer's tags, notes and source; answers the updated card. */
export function updateCustomer(id: number, body: CustomerUpdateInput) {
  return callApi(customerContracts.update, { id, ...body });
}

/** Sets (or clears) a customer's owner; answers the updated card. */
export function assignCustomerOwner(id: number, ownerAccountId: number | null) {
  return callApi(customerContracts.assignOwner, { id, owner_account_id: ownerAccountId });
}

function useCardMutation<V>(fn: (v: V) => ReturnType<typeof updateCustomer>) {
  const queryClient = useQueryClient();
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useMutation({
    mutationFn: fn,
    onSuccess: (card) => queryClient.setQueryData(customerKeys.card(pharmacyId, card.id), card),
    // the list, the card and the tags in use may all have changed
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.pharmacy(pharmacyId) }),
  });
}

export function useUpdateCustomer() {
  return useCardMutation(({ id, body }: { id: number; body: CustomerUpdateInput }) => updateCustomer(id, body));
}

export function useAssignCustomerOwner() {
  return useCardMutation(({ id, owner }: { id: number; owner: number | null }) => assignCustomerOwner(id, owner));
}
