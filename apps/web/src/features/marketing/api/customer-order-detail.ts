import { proxyOrderContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { proxyOrderKeys } from './proxy-order-keys';

/** One order for a customer: the order, its payment link and remarks (null id: nothing to show). */
export function useCustomerOrder(id: number | null) {
  return useQuery({
    queryKey: proxyOrderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => callApi(proxyOrderContracts.detail, { id: id! }, { signal }),
    enabled: id !== null,
  });
}

/** 添加备注 on an order; the detail and the list read it again. */
export function useAddCustomerOrderRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      callApi(proxyOrderContracts.addRemark, { id, content }),
    onSettled: (_d, _e, { id }) => queryClient.invalidateQueries({ queryKey: proxyOrderKeys.detail(id) }),
  });
}
