import { userOrderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { patientKeys } from './patient-keys';

/** 取消订单 while unpaid (PUT /orders/user_order/:id with action cancel). */
export function cancelOrder({ id, reason = '' }: { id: number; reason?: string }) {
  return callApi(userOrderContracts.update, { id, action: 'cancel', reason });
}

/** 确认收货 of a shipped order. */
export function completeOrder(id: number) {
  return callApi(userOrderContracts.complete, { id });
}

const useOrderMutation = <A, R extends { id: number }>(fn: (arg: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (order) => queryClient.setQueryData(patientKeys.order(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientKeys.orders() }),
  });
};

export const useCancelOrder = () => useOrderMutation(cancelOrder);
export const useCompleteOrder = () => useOrderMutation(completeOrder);
