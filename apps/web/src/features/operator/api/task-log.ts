import { adminTaskContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { adminTaskKeys } from './task-keys';

/** The task with its whole log (GET /admin/task/:id/log). */
export function getAdminTaskLog(id: number, signal?: AbortSignal) {
  return callApi(adminTaskContracts.log, { id }, { signal });
}

export function useAdminTaskLog(id: number) {
  return useQuery({ queryKey: adminTaskKeys.log(id), queryFn: ({ signal }) => getAdminTaskLog(id, signal) });
}
