import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, requestEndpoint, UPLOAD_ENDPOINT } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import type { CmsItem } from './get-cms-items';
import { websiteKeys } from './website-keys';

/** A collection's field as Directus' `/fields/<collection>` describes it (the part the form needs). */
export interface CmsField {
  field: string;
  type: string;
  meta?: {
    interface?: string | null;
    hidden?: boolean;
    readonly?: boolean;
    note?: string | null;
    required?: boolean;
  } | null;
  schema?: { is_nullable?: boolean; max_length?: number | null; is_primary_key?: boolean } | null;
}

export function getCmsFields(collection: string, signal?: AbortSignal) {
  return callApi<{ data: CmsField[] }>('cms.fields', { collection }, { signal }).then((r) => r?.data ?? []);
}

export function useCmsFields(collection: string) {
  return useQuery({
    queryKey: websiteKeys.cmsFields(collection),
    queryFn: ({ signal }) => getCmsFields(collection, signal),
    retry: false,
    staleTime: 10 * 60_000,
  });
}

export function saveCmsItem(vars: { collection: string; id?: number; values: Record<string, unknown> }) {
  return vars.id === undefined
    ? callApi<{ data: CmsItem }>('cms.itemCreate', { collection: vars.collection, ...vars.values })
    : callApi<{ data: CmsItem }>('cms.itemUpdate', { collection: vars.collection, id: vars.id, ...vars.values });
}

export function deleteCmsItem(vars: { collection: string; id: number }) {
  return callApi('cms.itemDelete', { collection: vars.collection, id: vars.id });
}

function useInvalidateCollection() {
  const queryClient = useQueryClient();
  return (_: unknown, __: unknown, vars: { collection: string }) =>
    queryClient.invalidateQueries({ queryKey: websiteKeys.cmsCollection(vars.collection) });
}

export const useSaveCmsItem = () => useMutation({ mutationFn: saveCmsItem, onSettled: useInvalidateCollection() });
export const useDeleteCmsItem = () => useMutation({ mutationFn: deleteCmsItem, onSettled: useInvalidateCollection() });

/** Swaps the `sort` of two rows (上移 / 下移). */
export function swapCmsSort(vars: { collection: string; a: CmsItem; b: CmsItem }) {
  const sortA = Number(vars.a.sort ?? 0);
  const sortB = Number(vars.b.sort ?? 0);
  // Equal sorts would not reorder anything: give the rows distinct values.
  const [newA, newB] = sortA === sortB ? [sortB + 1, sortA] : [sortB, sortA];
  return Promise.all([
    callApi('cms.itemUpdate', { collection: vars.collection, id: vars.a.id, sort: newA }),
    callApi('cms.itemUpdate', { collection: vars.collection, id: vars.b.id, sort: newB }),
  ]);
}
export const useSwapCmsSort = () => useMutation({ mutationFn: swapCmsSort, onSettled: useInvalidateCollection() });

/** Uploads an image through the platform's upload endpoint; answers its URL. */
export async function uploadCmsImage(file: File): Promise<string> {
  const r = await requestEndpoint<{ url?: string } | string>(UPLOAD_ENDPOINT, { file, folder: 'cms' });
  const url = typeof r === 'string' ? r : r?.url;
  if (!url) throw new Error('上传失败：未返回图片地址');
  return url;
}
