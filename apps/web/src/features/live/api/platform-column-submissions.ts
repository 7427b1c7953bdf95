import { platformColumnContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { platformColumnKeys } from './platform-column-keys';

export type SubmissionQuery = {
  page: number;
  page_size: number;
  status: 'pending' | 'approved' | 'rejected';
  platform_column_id?: string;
};

/** 专栏审核: pharmacy columns submitted to the platform columns, by status, with their pharmacy. */
export function getColumnSubmissions(query: SubmissionQuery, signal?: AbortSignal) {
  return callApi(platformColumnContracts.submissions, query, { signal });
}

export const columnSubmissionsQueryOptions = (query: SubmissionQuery) =>
  queryOptions({
    queryKey: platformColumnKeys.submissions(query),
    queryFn: ({ signal }) => getColumnSubmissions(query, signal),
    placeholderData: keepPreviousData,
  });

export function useColumnSubmissions(query: SubmissionQuery) {
  return useQuery(columnSubmissionsQueryOptions(query));
}

/** 通过 a pending submission. */
export function useApproveColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(platformColumnContracts.approve, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformColumnKeys.all }),
  });
}

/** 驳回 a pending submission with a reason (required). */
export function useRejectColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callApi(platformColumnContracts.reject, { id, reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformColumnKeys.all }),
  });
}

/** Every approved pharmacy column (the select-component page's choices), read 100 at a time. */
export function useApprovedColumns() {
  return useQuery({
    queryKey: platformColumnKeys.submissions({ status: 'approved', all: true }),
    queryFn: async ({ signal }) => {
      const first = await getColumnSubmissions({ page: 1, page_size: 100, status: 'approved' }, signal);
      const rows = [...first.list];
      const pages = Math.min(20, Math.ceil(first.total / 100));
      for (let page = 2; page <= pages; page++) {
        rows.push(...(await getColumnSubmissions({ page, page_size: 100, status: 'approved' }, signal)).list);
      }
      return rows;
    },
  });
}
