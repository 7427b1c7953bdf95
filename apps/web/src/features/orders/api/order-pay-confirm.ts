import { orderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

/** 确认收款 (offline payment): an RX order then waits in 待审方, any other in 待发货. */
export function confirmOrderPayment(input: { id: number; pay_ref?: string }) {
  return callApi(orderContracts.confirmPayment, input);
}

/** Refreshes the orders afterwards (the list, its tab counts, the open detail), also after a refusal (409). */
export function useConfirmOrderPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOrderPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
