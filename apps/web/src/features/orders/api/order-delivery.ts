import { orderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

/** 确认送达: a shipped order completes (completed by delivery). */
export function confirmOrderDelivery(id: number) {
  return callApi(orderContracts.delivery, { id });
}

/** Refreshes the orders afterwards (the list, its tab counts, the open detail), also after a refusal (409). */
export function useConfirmOrderDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOrderDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
