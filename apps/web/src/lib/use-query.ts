import {
  type DefaultError,
  notifyManager,
  type QueryKey,
  QueryObserver,
  type UseQueryOptions,
  type UseQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import { startTransition, useEffect, useReducer, useState } from 'react';

/**
 * The console's `useQuery`: TanStack's, except that a new result re-renders the component as a transition.
 * TanStack's own hook subscribes through useSyncExternalStore, which React always renders synchronously, so a page of
 * rows arriving rebuilt the whole page (filter form, table, layout) in one long task; as a transition React renders it
 * in slices between input and paint. The result is read from the observer while rendering, as TanStack does, so a new
 * query key shows its cached or placeholder data at once; only the notifications are transitions.
 * (Suspense and throwOnError are not supported: the console uses neither.)
 */
export function useQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(() => new QueryObserver(client, defaulted));
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const result = observer.getOptimisticResult(defaulted);

  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);

  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(rerender)));
    // A result that changed between the render and the subscription is not missed.
    observer.updateResult();
    return unsubscribe;
  }, [observer]);

  return (defaulted.notifyOnChangeProps ? result : observer.trackResult(result)) as UseQueryResult<TData, TError>;
}
