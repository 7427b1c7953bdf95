import { chatContracts } from '@pharmacy/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys, useCurrentPharmacyId } from './chat-keys';

export function getConversation(id: number, signal?: AbortSignal) {
  return callApi(chatContracts.detail, { id }, { signal });
}

/** One conversation (the panel's header when it is not in the loaded list page). */
export function useConversation(id: number | null, enabled = true) {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery({
    queryKey: chatKeys.detail(pharmacyId, id ?? 0),
    queryFn: ({ signal }) => getConversation(id as number, signal),
    enabled: enabled && id !== null && pharmacyId !== null,
  });
}
