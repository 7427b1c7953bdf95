import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * `useQuery` whose answer reaches the component as a transition. A query result arrives through a store subscription,
 * which React renders in one synchronous task; deferred, a block that turns its data into many elements (the home
 * page's blocks, category trees) is rendered in slices and the page stays responsive. The whole result is deferred,
 * so `data` and `isLoading` always belong to the same moment.
 */
export function useDeferredQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  return useDeferredValue(useQuery(options));
}
