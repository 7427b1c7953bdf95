import { type PayUserOrderBody, userOrderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { patientKeys } from './patient-keys';

/** 我已付款: opens the offline payment (calling again answers the open one); the pharmacy then confirms it. */
export function payOrder({ id, ...body }: { id: number } & Partial<PayUserOrderBody>) {
  return callApi(userOrderContracts.pay, { id, provider: 'offline', ...body });
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientKeys.orders() }),
  });
}
