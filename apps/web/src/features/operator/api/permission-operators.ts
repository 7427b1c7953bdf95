import {
  type CreateOperatorBody,
  type OperatorGrantableKey,
  type OperatorListQuery,
  type OperatorStatus,
  permissionContracts,
} from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { permissionKeys } from './permission-keys';

/** 运营账号 list (phones masked by the server). */
export function getOperators(query: OperatorListQuery, signal?: AbortSignal) {
  return callApi(permissionContracts.list, query, { signal });
}

export const operatorsQueryOptions = (query: OperatorListQuery) =>
  queryOptions({
    queryKey: permissionKeys.operators(query),
    queryFn: ({ signal }) => getOperators(query, signal),
    placeholderData: keepPreviousData,
  });

export function useOperators(query: OperatorListQuery) {
  return useQuery(operatorsQueryOptions(query));
}

/** Every change of an operator account refreshes the accounts and the audit log (it wrote a row). */
function useOperatorMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
  });
}

/** 新增运营账号: answers the one-time initial password when the phone had no account and none was given. */
export function useCreateOperator() {
  return useOperatorMutation((body: CreateOperatorBody) => callApi(permissionContracts.create, body));
}

export function useSetOperatorKeys() {
  return useOperatorMutation(({ id, permissions }: { id: number; permissions: OperatorGrantableKey[] }) =>
    callApi(permissionContracts.setKeys, { id, permissions }),
  );
}

export function useSetOperatorStatus() {
  return useOperatorMutation(({ id, status }: { id: number; status: OperatorStatus }) =>
    callApi(permissionContracts.setStatus, { id, status }),
  );
}
