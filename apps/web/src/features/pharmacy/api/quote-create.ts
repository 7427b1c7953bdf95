import { type QuoteCreateBody, quoteContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { quoteKeys } from './quote-keys';

/** Quotes a catalogue product; a product already quoted answers 409 (data.field = product_id). */
export function createQuote(body: QuoteCreateBody) {
  return callApi(quoteContracts.create, body);
}

/** Refreshes the module's queries afterwards: the list, its tab counts and the picker's 已报价 marks. */
export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
