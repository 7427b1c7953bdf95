import { type OrderCancelBody, orderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

/** 取消订单 with a reason: stock returns, a paid order is refunded. */
export function cancelOrder(input: { id: number } & OrderCancelBody) {
  return callApi(orderContracts.cancel, input);
}

/** Refreshes the orders afterwards (the list, its tab counts, the open detail), also after a refusal (409). */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
