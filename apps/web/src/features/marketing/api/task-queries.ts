import { type TaskListQuery, taskContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { taskKeys } from './task-keys';

export function getTasks(query: TaskListQuery, signal?: AbortSignal) {
  return callApi(taskContracts.list, query, { signal });
}

export const tasksQueryOptions = (query: TaskListQuery) =>
  queryOptions({
    queryKey: taskKeys.list(query),
    queryFn: ({ signal }) => getTasks(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTasks(query: TaskListQuery) {
  return useQuery(tasksQueryOptions(query));
}

export function getTask(id: number, signal?: AbortSignal) {
  return callApi(taskContracts.detail, { id }, { signal });
}

export function useTask(id: number | null) {
  return useQuery({
    queryKey: taskKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getTask(id ?? 0, signal),
    enabled: id !== null,
  });
}

/** The create dialog's customer search (name part, phone, last four digits); `accountId` keeps a prefilled one. */
export function useTaskCustomerOptions(keyword: string, accountId?: number, enabled = true) {
  return useQuery({
    queryKey: taskKeys.customerOptions(keyword, accountId),
    queryFn: ({ signal }) =>
      callApi(taskContracts.customerOptions, { keyword: keyword || undefined, account_id: accountId }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The pharmacy's active staff (assignee picker and filter). */
export function useTaskStaffOptions(enabled = true) {
  return useQuery({
    queryKey: taskKeys.staffOptions(),
    queryFn: ({ signal }) => callApi(taskContracts.staffOptions, undefined, { signal }),
    staleTime: 60_000,
    enabled,
  });
}
