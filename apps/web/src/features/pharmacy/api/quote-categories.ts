import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCmsRows } from '../../../lib/cms';
import { quoteKeys } from './quote-keys';

export interface QuoteCategoryOption {
  value: number;
  title: string;
  children?: QuoteCategoryOption[];
}

/** The two-level category tree (CMS `category` and `sub_category`) as TreeSelect options. */
export async function getQuoteCategories(signal?: AbortSignal): Promise<QuoteCategoryOption[]> {
  const [top, subs] = await Promise.all([
    getCmsRows('category', { sort: 'sort', limit: -1 }, { signal }),
    getCmsRows('sub_category', { sort: 'sort', limit: -1 }, { signal }),
  ]);
  return top.map((c) => ({
    value: c.id,
    title: c.name,
    children: subs.filter((s) => s.parent_id === c.id).map((s) => ({ value: s.id, title: s.name })),
  }));
}

export const quoteCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: quoteKeys.categories(),
    queryFn: ({ signal }) => getQuoteCategories(signal),
    staleTime: 5 * 60_000,
  });

export function useQuoteCategories() {
  return useQuery(quoteCategoriesQueryOptions());
}
