import { chatDeskContracts } from '@pharmacy/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys, useCurrentPharmacyId } from './chat-keys';

export function getColleagues(signal?: AbortSignal) {
  return callApi(chatDeskContracts.colleagues, undefined, { signal });
}

/** Colleagues to transfer to, with their status and open conversations. */
export function useColleagues(enabled = true) {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery({
    queryKey: chatKeys.colleagues(pharmacyId),
    queryFn: ({ signal }) => getColleagues(signal),
    enabled: enabled && pharmacyId !== null,
    staleTime: 0,
  });
}
