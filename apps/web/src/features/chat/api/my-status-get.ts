import { chatDeskContracts } from '@pharmacy/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { deskKeys, useCurrentPharmacyId } from './desk-keys';

export function getMyChatStatus(signal?: AbortSignal) {
  return callApi(chatDeskContracts.myStatus, undefined, { signal });
}

/** How often the "counted online" state is read again (the console's heartbeat keeps it; it lapses without one). */
export const MY_STATUS_REFRESH_MS = 30_000;

/** My status (在线 / 离开) and whether the chat room counts me online now (status online and a live console). */
export function useMyChatStatus() {
  const pharmacyId = useCurrentPharmacyId();
  return useQuery({
    queryKey: deskKeys.myStatus(pharmacyId),
    queryFn: ({ signal }) => getMyChatStatus(signal),
    enabled: pharmacyId !== null,
    refetchInterval: MY_STATUS_REFRESH_MS,
  });
}
