import { queryOptions } from '@tanstack/react-query';
import { type CmsRow, type CmsRowCollection, type CmsRowsQuery, getCmsRows, initialCmsRows } from '../../../lib/cms';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

/** A category row (`category` at the top level, `sub_category` below it). */
export type CmsCategory = CmsRow<'category'>;

/** Published rows of a collection, typed by its shared schema; the first read may come with the page (initial data). */
export const cmsItemsQueryOptions = <K extends CmsRowCollection>(
  collection: K,
  query: CmsRowsQuery = { sort: 'sort' },
) =>
  queryOptions({
    queryKey: catalogueKeys.cms(collection, query),
    queryFn: ({ signal }) => getCmsRows(collection, query, { signal }),
    initialData: () => initialCmsRows(collection, query),
    staleTime: 5 * 60_000,
  });

/** Published rows of a collection in their `sort` order. */
export function useCmsItems<K extends CmsRowCollection>(collection: K, query: CmsRowsQuery = { sort: 'sort' }) {
  return useQuery(cmsItemsQueryOptions(collection, query));
}
