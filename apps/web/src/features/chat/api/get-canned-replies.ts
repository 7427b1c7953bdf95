import { chatDeskContracts } from '@pharmacy/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys, useCurrentPharmacyId } from './chat-keys';

export function getCannedReplies(signal?: AbortSignal) {
  return callApi(chatDeskContracts.cannedReplies, undefined, { signal });
}

/** The pharmacy's canned replies (the composer's `/`). */
export function useCannedReplies() {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery({
    queryKey: chatKeys.cannedReplies(pharmacyId),
    queryFn: ({ signal }) => getCannedReplies(signal),
    enabled: pharmacyId !== null,
    staleTime: 60_000,
  });
}
