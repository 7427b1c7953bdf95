import { type ChatStaffStatus, chatDeskContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { deskKeys, useCurrentPharmacyId } from './desk-keys';

export function setMyChatStatus(status: ChatStaffStatus) {
  return callApi(chatDeskContracts.setMyStatus, { status });
}

/** Sets 在线 / 离开; colleagues' lists (transfer targets) change with it. */
export function useSetMyChatStatus() {
  const queryClient = useQueryClient();
  const pharmacyId = useCurrentPharmacyId();
  return useMutation({
    mutationFn: setMyChatStatus,
    onSuccess: (status) => queryClient.setQueryData(deskKeys.myStatus(pharmacyId), status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.colleagues(pharmacyId) }),
  });
}
