import { type QuoteUpdateBody, quoteContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { quoteKeys } from './quote-keys';

/** Changes a quote's price, original price and stock. */
export function updateQuote({ id, ...body }: QuoteUpdateBody & { id: number }) {
  return callApi(quoteContracts.update, { id, ...body });
}

/** Refreshes the module's queries afterwards: the list, its tab counts and the picker's 已报价 marks. */
export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
