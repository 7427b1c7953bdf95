import { type CreateProxyOrderBody, IDEMPOTENCY_HEADER, proxyOrderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { proxyOrderKeys } from './proxy-order-keys';

export interface CreateProxyOrderInput {
  body: CreateProxyOrderBody;
  /** One per form and body: a double click or a retry answers the first order. */
  idempotencyKey: string;
}

/** 提交订单: POST /marketing/order with the form's Idempotency-Key. */
export function createProxyOrder({ body, idempotencyKey }: CreateProxyOrderInput) {
  return callApi(proxyOrderContracts.create, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useCreateProxyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProxyOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: proxyOrderKeys.all }),
  });
}
