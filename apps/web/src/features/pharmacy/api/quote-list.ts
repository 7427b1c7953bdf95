import { type PharmacyQuoteListQuery, quoteContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { quoteKeys } from './quote-keys';

export function getQuotes(query: PharmacyQuoteListQuery, signal?: AbortSignal) {
  return callApi(quoteContracts.list, query, { signal });
}

export const quotesQueryOptions = (pharmacyId: number | null, query: PharmacyQuoteListQuery) =>
  queryOptions({
    queryKey: quoteKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => getQuotes(query, signal),
    // the previous page stays while the next loads, but never another pharmacy's
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** The current pharmacy's quotes: one page with its total and the status tabs' counts. */
export function useQuotes(query: PharmacyQuoteListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(quotesQueryOptions(pharmacyId, query));
}
