import { type QuoteTopBody, quoteContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { quoteKeys } from './quote-keys';

/** Pins a quote (the latest pin comes first) or unpins it. */
export function setQuoteTop(body: QuoteTopBody) {
  return callApi(quoteContracts.top, body);
}

/** Refreshes the module's queries afterwards: the list, its tab counts and the picker's 已报价 marks. */
export function useSetQuoteTop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQuoteTop,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
