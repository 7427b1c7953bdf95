import { orderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

/** 完成订单: a shipped order completes (completed by staff). */
export function completeOrder(id: number) {
  return callApi(orderContracts.complete, { id });
}

/** Refreshes the orders afterwards (the list, its tab counts, the open detail), also after a refusal (409). */
export function useCompleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
