import type { PharmacyQuoteListQuery, QuoteProductQuery } from '@pharmacy/shared';

/**
 * The quotes module's query keys, defined once. Each names the pharmacy: the pharmacyid header changes the answer, so
 * a switch never shows the previous pharmacy's quotes, even as placeholder data. Invalidating `pharmacy(id)` refreshes
 * the list, its tab counts and the picker's 已报价 marks.
 */
export const quoteKeys = {
  all: ['quotes'] as const,
  pharmacy: (pharmacyId: number | null) => [...quoteKeys.all, pharmacyId] as const,
  list: (pharmacyId: number | null, query: PharmacyQuoteListQuery) =>
    [...quoteKeys.pharmacy(pharmacyId), 'list', query] as const,
  products: (pharmacyId: number | null, query: QuoteProductQuery) =>
    [...quoteKeys.pharmacy(pharmacyId), 'products', query] as const,
  categories: () => [...quoteKeys.all, 'categories'] as const,
};
