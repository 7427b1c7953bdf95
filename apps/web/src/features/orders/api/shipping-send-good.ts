import { type SendGoodBody, shippingContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

/** 发货: a courier (or none: detected by the server from the number's prefix) and the tracking number. */
export function sendGood(input: { id: number } & SendGoodBody) {
  return callApi(shippingContracts.sendGood, input);
}

/** Refreshes the orders afterwards (list, tab counts, detail), also after a refusal (409: shipped meanwhile). */
export function useSendGood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendGood,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
