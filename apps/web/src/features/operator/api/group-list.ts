import { type GroupListQuery, groupContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { groupKeys } from './group-keys';

export function getGroups(query: GroupListQuery, signal?: AbortSignal) {
  return callApi(groupContracts.list, query, { signal });
}

export const groupsQueryOptions = (query: GroupListQuery) =>
  queryOptions({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => getGroups(query, signal),
    placeholderData: keepPreviousData,
  });

/** 集团列表: one page with each group's pharmacies and its figures of the last 30 days. */
export function useGroups(query: GroupListQuery) {
  return useQuery(groupsQueryOptions(query));
}
