import { type CommentListQuery, medicineContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

export function getComments(query: CommentListQuery, signal?: AbortSignal) {
  return callApi(medicineContracts.comments, query, { signal });
}

export const commentsQueryOptions = (query: CommentListQuery) =>
  queryOptions({
    queryKey: catalogueKeys.comments(query),
    queryFn: ({ signal }) => getComments(query, signal),
    placeholderData: keepPreviousData,
  });

export function useComments(query: CommentListQuery, enabled = true) {
  return useQuery({ ...commentsQueryOptions(query), enabled });
}
