import { groupContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { groupKeys } from './group-keys';

export function getGroup(id: number, signal?: AbortSignal) {
  return callApi(groupContracts.detail, { id }, { signal });
}

export const groupQueryOptions = (id: number) =>
  queryOptions({ queryKey: groupKeys.detail(id), queryFn: ({ signal }) => getGroup(id, signal) });

/** A group with its member pharmacies and each one's figures. */
export function useGroup(id: number | null) {
  return useQuery({ ...groupQueryOptions(id ?? 0), enabled: id !== null });
}
