import { liveViewerContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { liveKeys } from './live-keys';

/** The camp periods I enrolled in, with their lives in order. */
export function getLivePeriods(signal?: AbortSignal) {
  return callApi(liveViewerContracts.periods, undefined, { signal });
}

export const livePeriodsQueryOptions = () =>
  queryOptions({ queryKey: liveKeys.periods(), queryFn: ({ signal }) => getLivePeriods(signal) });

export function useLivePeriods() {
  return useQuery(livePeriodsQueryOptions());
}
