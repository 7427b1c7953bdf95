import { chatDeskContracts } from '@pharmacy/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { deskKeys, useCurrentPharmacyId } from './desk-keys';

export function getChatSettings(signal?: AbortSignal) {
  return callApi(chatDeskContracts.settings, undefined, { signal });
}

/** The pharmacy's chat settings, with whether the signed-in member may change them (`editable`). */
export function useChatSettings() {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery({
    queryKey: deskKeys.settings(pharmacyId),
    queryFn: ({ signal }) => getChatSettings(signal),
    enabled: pharmacyId !== null,
  });
}
