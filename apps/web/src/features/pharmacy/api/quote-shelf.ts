import { type QuoteShelfBody, quoteContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { quoteKeys } from './quote-keys';

/** Puts one quote or a selection on or off shelf; answers how many changed. */
export function setQuotesShelf(body: QuoteShelfBody) {
  return callApi(quoteContracts.shelf, body);
}

/** Refreshes the module's queries afterwards: the list, its tab counts and the picker's 已报价 marks. */
export function useSetQuotesShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQuotesShelf,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
