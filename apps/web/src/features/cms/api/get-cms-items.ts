import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type CmsQuery, type CmsRowCollection, type CmsRowsQuery, getCmsItems, getCmsRows } from '../../../lib/cms';
import { useQuery } from '../../../lib/use-query';
import { websiteKeys } from './website-keys';

export type { CmsItem } from '../../../lib/cms';

/** Rows of any content collection with their counts (`meta`), for the operator's editor. */
export const cmsItemsQueryOptions = (collection: string, query: CmsQuery = {}) =>
  queryOptions({
    queryKey: websiteKeys.cms(collection, query),
    queryFn: ({ signal }) => getCmsItems(collection, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** The rows of a collection a website page shows, in their `sort` order, typed by the collection's shared schema. */
export function useCmsItems<K extends CmsRowCollection>(collection: K, query: CmsRowsQuery = { sort: 'sort' }) {
  return useQuery({
    // beside the editor's pages of the same collection (invalidated with them), never one of them
    queryKey: [...websiteKeys.cms(collection, query), 'rows'],
    queryFn: ({ signal }) => getCmsRows(collection, query, { signal }),
  });
}
