import { channelContracts as c } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { inviteKeys } from './invite-keys';
import type { InviteTarget } from './invite-resolve';

/** 加入药店: records the scan and makes the signed-in patient a customer of the pharmacy. */
export function useJoinPharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: InviteTarget) => callApi(c.wxaMapping, target),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
