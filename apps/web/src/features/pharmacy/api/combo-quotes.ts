import { type ComboQuoteQuery, comboContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { comboKeys } from './combo-keys';

export function getComboQuotes(query: ComboQuoteQuery, signal?: AbortSignal) {
  return callApi(comboContracts.quotes, query, { signal });
}

export const comboQuotesQueryOptions = (pharmacyId: number | null, query: ComboQuoteQuery) =>
  queryOptions({
    queryKey: comboKeys.quotes(pharmacyId, query),
    queryFn: ({ signal }) => getComboQuotes(query, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === pharmacyId ? keepPreviousData(previous) : undefined,
    enabled: pharmacyId !== null,
  });

/** The pharmacy's quotes to build a combo from (on shelf first), searched by name, approval number or barcode. */
export function useComboQuotes(query: ComboQuoteQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(comboQuotesQueryOptions(pharmacyId, query));
}
