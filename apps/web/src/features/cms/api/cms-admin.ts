import { uploadContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CmsItem,
  createCmsItem,
  deleteCmsItem as deleteItem,
  getCmsFields,
  updateCmsItem,
} from '../../../lib/cms';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { websiteKeys } from './website-keys';

export type { CmsField } from '../../../lib/cms';

export function useCmsFields(collection: string) {
  return useQuery({
    queryKey: websiteKeys.cmsFields(collection),
    queryFn: ({ signal }) => getCmsFields(collection, { signal }),
    retry: false,
    staleTime: 10 * 60_000,
  });
}

export function saveCmsItem(vars: { collection: string; id?: number; values: Record<string, unknown> }) {
  return vars.id === undefined
    ? createCmsItem(vars.collection, vars.values)
    : updateCmsItem(vars.collection, vars.id, vars.values);
}

export function deleteCmsItem(vars: { collection: string; id: number }) {
  return deleteItem(vars.collection, vars.id);
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
    updateCmsItem(vars.collection, vars.a.id, { sort: newA }),
    updateCmsItem(vars.collection, vars.b.id, { sort: newB }),
  ]);
}
export const useSwapCmsSort = () => useMutation({ mutationFn: swapCmsSort, onSettled: useInvalidateCollection() });

/** Uploads an image through the platform's upload endpoint; answers its URL. */
export async function uploadCmsImage(file: File): Promise<string> {
  return (await callApi(uploadContracts.upload, { file, folder: 'cms' })).url;
}
