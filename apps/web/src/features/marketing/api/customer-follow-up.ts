import { customerContracts, type FollowUpInput } from '@pharmacy/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { customerKeys } from './customer-keys';

export function getFollowUps(id: number, signal?: AbortSignal) {
  return callApi(customerContracts.followUps, { id }, { signal });
}

export const followUpsQueryOptions = (pharmacyId: number | null, id: number) =>
  queryOptions({
    queryKey: customerKeys.followUps(pharmacyId, id),
    queryFn: ({ signal }) => getFollowUps(id, signal),
    enabled: pharmacyId !== null && id > 0,
  });

/** Every follow-up of a customer, newest contact first. */
export function useFollowUps(id: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(followUpsQueryOptions(pharmacyId, id));
}

export function addFollowUp(id: number, body: FollowUpInput) {
  return callApi(customerContracts.addFollowUp, { id, ...body });
}

/** 添加跟进: the card (last contact, follow-ups) and the list (last contact filters) change. */
export function useAddFollowUp() {
  const queryClient = useQueryClient();
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FollowUpInput }) => addFollowUp(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.pharmacy(pharmacyId) }),
  });
}
