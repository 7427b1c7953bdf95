import {
  type Column,
  type ContractInput,
  liveColumnContracts as c,
  type columnListQuerySchema,
  uploadContracts,
} from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { columnKeys } from './column-keys';

export type ColumnListQuery = z.output<typeof columnListQuerySchema>;
export type ColumnBody = ContractInput<typeof c.create>;

const usePharmacyId = () => useSessionStore((s) => s.currentPharmacy?.id ?? null);

export const columnsQueryOptions = (pharmacyId: number | null, query: ColumnListQuery) =>
  queryOptions({
    queryKey: columnKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => callApi(c.list, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** The pharmacy's columns (专栏管理). */
export function useColumns(query: ColumnListQuery) {
  return useQuery(columnsQueryOptions(usePharmacyId(), query));
}

/** One column (营期管理's header); null id: nothing asked. */
export function useColumn(id: number | null) {
  const pharmacyId = usePharmacyId();
  return useQuery({
    queryKey: columnKeys.detail(pharmacyId, id ?? 0),
    queryFn: ({ signal }) => callApi(c.detail, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
  });
}

/** 新建专栏 (no id) or 编辑 (id). */
export function saveColumn(input: { id?: number; body: ColumnBody }): Promise<Column> {
  return input.id === undefined ? callApi(c.create, input.body) : callApi(c.update, { id: input.id, ...input.body });
}

export function useSaveColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveColumn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: columnKeys.all }),
  });
}

export function useRemoveColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(c.remove, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: columnKeys.all }),
  });
}

/** 提交审核: the column goes to a platform column's review (pending). */
export function useSubmitColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; platform_column_id: number }) => callApi(c.submit, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: columnKeys.all }),
  });
}

/** The platform columns a column may be submitted to. */
export function usePlatformColumnOptions(enabled = true) {
  const pharmacyId = usePharmacyId();
  return useQuery({
    queryKey: columnKeys.platformOptions(pharmacyId),
    queryFn: ({ signal }) => callApi(c.platformOptions, undefined, { signal }),
    enabled,
  });
}

/** Uploads a column's cover through the generic upload (folder hint 'live'); answers its URL. */
export async function uploadColumnCover(file: File): Promise<string> {
  return (await callApi(uploadContracts.upload, { file, folder: 'live' })).url;
}
