import { type ManagerListQuery, permissionContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { permissionKeys } from './permission-keys';

/** The managers of every pharmacy with their keys (spec §7 manager permission put). */
export function getManagers(query: ManagerListQuery, signal?: AbortSignal) {
  return callApi(permissionContracts.managers, query, { signal });
}

export const managersQueryOptions = (query: ManagerListQuery) =>
  queryOptions({
    queryKey: permissionKeys.managers(query),
    queryFn: ({ signal }) => getManagers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useManagers(query: ManagerListQuery) {
  return useQuery(managersQueryOptions(query));
}

export function useSetManagerKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      pharmacyId,
      memberId,
      permissions,
    }: {
      pharmacyId: number;
      memberId: number;
      permissions: string[];
    }) => callApi(permissionContracts.setManagerKeys, { id: pharmacyId, memberId, permissions }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
  });
}
