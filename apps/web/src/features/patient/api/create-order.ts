import { type CreateUserOrderBody, IDEMPOTENCY_HEADER, userOrderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { patientKeys } from './patient-keys';

export interface PlaceOrderInput {
  body: CreateUserOrderBody;
  /** One per checkout and body (lib/checkout-key.ts): the server answers a repeat with the first order. */
  idempotencyKey: string;
}

/** 提交订单: POST /orders/user_order with the checkout's Idempotency-Key. */
export function placeOrder({ body, idempotencyKey }: PlaceOrderInput) {
  return callApi(userOrderContracts.create, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => queryClient.setQueryData(patientKeys.order(order.id), order),
    onSettled: (_d, _e, { body }) => {
      void queryClient.invalidateQueries({ queryKey: patientKeys.orders() });
      // stock changed: the products and combos shown are stale
      void queryClient.invalidateQueries({ queryKey: patientKeys.catalog(body.pharmacy_id) });
      void queryClient.invalidateQueries({ queryKey: [...patientKeys.all, 'products'] });
    },
  });
}
