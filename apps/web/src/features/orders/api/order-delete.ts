import { orderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

/** 删除订单: cancelled orders only (soft delete). */
export function deleteOrder(id: number) {
  return callApi(orderContracts.remove, { id });
}

/** Refreshes the orders afterwards (the list, its tab counts, the open detail), also after a refusal (409). */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
