import { type AdminTaskListQuery, adminTaskContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { adminTaskKeys } from './task-keys';

export function getAdminTasks(query: AdminTaskListQuery, signal?: AbortSignal) {
  return callApi(adminTaskContracts.list, query, { signal });
}

export const adminTasksQueryOptions = (query: AdminTaskListQuery) =>
  queryOptions({
    queryKey: adminTaskKeys.list(query),
    queryFn: ({ signal }) => getAdminTasks(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminTasks(query: AdminTaskListQuery) {
  return useQuery(adminTasksQueryOptions(query));
}
