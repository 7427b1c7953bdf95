import { queryOptions } from '@tanstack/react-query';
import { callApi, takeInitialData } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

/** Rows every CMS collection carries (Directus conventions). */
export interface CmsRow {
  id: number;
  status?: string;
  sort?: number;
}
export interface CmsSwiper extends CmsRow {
  title: string;
  image: string;
  link: string;
}
export interface CmsEntry extends CmsRow {
  title: string;
  icon: string;
  link: string;
}
export interface CmsEntry1 extends CmsEntry {
  category_id: number | null;
}
export interface CmsEntry2 extends CmsRow {
  title: string;
  subtitle: string;
  image: string;
  link: string;
}
export interface CmsTopSales extends CmsRow {
  product_id: number;
  title: string;
  image: string;
}
export interface CmsNamed extends CmsRow {
  name: string;
}
export interface CmsCategory extends CmsRow {
  name: string;
  icon: string;
  parent_id: number | null;
}
export interface CmsContact extends CmsRow {
  title: string;
  phone: string;
  wechat: string;
  email: string;
  address: string;
  work_time: string;
}

/** Directus-compatible query parameters of `/scms/items/<collection>` (docs/cms-items-api.md). */
export interface CmsItemsParams {
  fields?: string;
  filter?: Record<string, unknown>;
  sort?: string;
  limit?: number;
}

/** Reads a content collection; the answer is Directus' `{ data }`, not the API envelope. */
function cmsItemsPayload(collection: string, params: CmsItemsParams) {
  const { filter, ...rest } = params;
  return { collection, ...rest, filter: filter ? JSON.stringify(filter) : undefined };
}

export async function getCmsItems<T>(collection: string, params: CmsItemsParams = {}, signal?: AbortSignal) {
  const body = await callApi<{ data: T[] }>('cms.items', cmsItemsPayload(collection, params), { signal });
  return body?.data ?? [];
}

export const cmsItemsQueryOptions = <T>(collection: string, params: CmsItemsParams = {}) =>
  queryOptions({
    queryKey: catalogueKeys.cms(collection, params),
    queryFn: ({ signal }) => getCmsItems<T>(collection, params, signal),
    initialData: () => takeInitialData<{ data: T[] }>('cms.items', cmsItemsPayload(collection, params))?.data,
    staleTime: 5 * 60_000,
  });

/** Published rows of a collection in their `sort` order. */
export function useCmsItems<T>(collection: string, params: CmsItemsParams = { sort: 'sort' }) {
  return useQuery(cmsItemsQueryOptions<T>(collection, params));
}
