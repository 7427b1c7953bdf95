import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { websiteKeys } from './website-keys';

export type CmsItem = { id: number } & Record<string, unknown>;

export interface CmsItemsParams {
  filter?: Record<string, unknown>;
  sort?: string;
  limit?: number;
  page?: number;
  search?: string;
  meta?: 'filter_count' | 'total_count' | '*';
}

export interface CmsItemsResult<T> {
  data: T[];
  meta?: { filter_count?: number; total_count?: number };
}

/** Reads a content collection (`/scms/items/<collection>`, Directus `{ data, meta }`). */
export async function getCmsItems<T = CmsItem>(collection: string, params: CmsItemsParams = {}, signal?: AbortSignal) {
  const { filter, ...rest } = params;
  const body = await callApi<CmsItemsResult<T>>(
    'cms.items',
    { collection, ...rest, filter: filter ? JSON.stringify(filter) : undefined },
    { signal },
  );
  return { data: body?.data ?? [], meta: body?.meta };
}

export const cmsItemsQueryOptions = <T = CmsItem>(collection: string, params: CmsItemsParams = {}) =>
  queryOptions({
    queryKey: websiteKeys.cms(collection, params),
    queryFn: ({ signal }) => getCmsItems<T>(collection, params, signal),
    placeholderData: keepPreviousData,
  });

export function useCmsItems<T = CmsItem>(
  collection: string,
  params: CmsItemsParams = { sort: 'sort' },
  enabled = true,
) {
  return useQuery({ ...cmsItemsQueryOptions<T>(collection, params), enabled });
}
