import { type QuoteProductQuery, quoteContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { quoteKeys } from './quote-keys';

export function getQuoteProducts(query: QuoteProductQuery, signal?: AbortSignal) {
  return callApi(quoteContracts.products, query, { signal });
}

export const quoteProductsQueryOptions = (pharmacyId: number | null, query: QuoteProductQuery) =>
  queryOptions({
    queryKey: quoteKeys.products(pharmacyId, query),
    queryFn: ({ signal }) => getQuoteProducts(query, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** Catalogue products for the picker, each marked 已报价 when the current pharmacy quotes it. */
export function useQuoteProducts(query: QuoteProductQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(quoteProductsQueryOptions(pharmacyId, query));
}
