import { orderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

/** 添加备注: one remark, signed with the staff member’s name. */
export function addOrderRemark(input: { id: number; content: string }) {
  return callApi(orderContracts.addRemark, input);
}

/** Refreshes the orders afterwards (the list, its tab counts, the open detail), also after a refusal (409). */
export function useAddOrderRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrderRemark,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
