import { shareContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { shareKeys } from './share-keys';

/** 审核通过 (managers). Of two concurrent decisions one wins; the other answers 409 (shown by the HTTP layer). */
export function useApproveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(shareContracts.approve, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

/** 驳回 with a reason (managers). */
export function useRejectShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callApi(shareContracts.reject, { id, reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
