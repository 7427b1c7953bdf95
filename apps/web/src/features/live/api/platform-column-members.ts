import { platformColumnContracts } from '@pharmacy/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { platformColumnKeys } from './platform-column-keys';

/** The approved pharmacy columns a platform column shows, in order. */
export function getPlatformColumnMembers(id: number, signal?: AbortSignal) {
  return callApi(platformColumnContracts.members, { id }, { signal });
}

export const platformColumnMembersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: platformColumnKeys.members(id),
    queryFn: ({ signal }) => getPlatformColumnMembers(id, signal),
  });

export function usePlatformColumnMembers(id: number | null) {
  return useQuery({ ...platformColumnMembersQueryOptions(id ?? 0), enabled: !!id });
}

/** 保存: the platform column shows exactly these approved columns, in this order. */
export function useSetPlatformColumnMembers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columnIds: number[]) => callApi(platformColumnContracts.setMembers, { id, column_ids: columnIds }),
    onSuccess: (members) => {
      queryClient.setQueryData(platformColumnKeys.members(id), members);
      return queryClient.invalidateQueries({ queryKey: platformColumnKeys.all });
    },
  });
}
