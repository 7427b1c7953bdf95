import { type PlatformColumn, platformColumnContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { platformColumnKeys } from './platform-column-keys';

export type PlatformColumnQuery = { page: number; page_size: number; keyword?: string };

/** 平台专栏 list, with how many pharmacy columns each shows and how many wait for review. */
export function getPlatformColumns(query: PlatformColumnQuery, signal?: AbortSignal) {
  return callApi(platformColumnContracts.list, query, { signal });
}

export const platformColumnsQueryOptions = (query: PlatformColumnQuery) =>
  queryOptions({
    queryKey: platformColumnKeys.list(query),
    queryFn: ({ signal }) => getPlatformColumns(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePlatformColumns(query: PlatformColumnQuery) {
  return useQuery(platformColumnsQueryOptions(query));
}

/** The platform columns for the review filter and the select page title: the first 100 (the largest page). */
export function usePlatformColumnOptions() {
  return useQuery({
    queryKey: platformColumnKeys.options(),
    queryFn: ({ signal }) => getPlatformColumns({ page: 1, page_size: 100 }, signal),
    select: (page) => page.list.map((c: PlatformColumn) => ({ value: c.id, label: c.title })),
  });
}

/** 新增 (no id) or 重命名 (id) a platform column. */
export function useSavePlatformColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: number | null; title: string }) =>
      id ? callApi(platformColumnContracts.rename, { id, title }) : callApi(platformColumnContracts.add, { title }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformColumnKeys.all }),
  });
}
