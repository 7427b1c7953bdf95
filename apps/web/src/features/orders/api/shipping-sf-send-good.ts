import { type SfSendGoodBody, shippingContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

/** 顺丰发货: an SF waybill through the SF interface (sender: the pharmacy's SF courier), then the order ships. */
export function sfSendGood(input: { id: number } & SfSendGoodBody) {
  return callApi(shippingContracts.sfSendGood, input);
}

export function useSfSendGood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sfSendGood,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
