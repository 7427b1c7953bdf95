import { quoteContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { quoteKeys } from './quote-keys';

/** Deletes a quote; one a combo holds is refused (409, naming the combo). */
export function deleteQuote(id: number) {
  return callApi(quoteContracts.remove, { id });
}

/** Refreshes the module's queries afterwards: the list, its tab counts and the picker's 已报价 marks. */
export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
