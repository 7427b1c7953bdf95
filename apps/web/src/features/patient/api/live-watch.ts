import { liveViewerContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { liveKeys } from './live-keys';

/** A live as its viewer sees it: what to play now, the combo, materials, my exam result. */
export function getViewerLive(id: number, signal?: AbortSignal) {
  return callApi(liveViewerContracts.live, { id }, { signal });
}

export const viewerLiveQueryOptions = (id: number) =>
  queryOptions({ queryKey: liveKeys.live(id), queryFn: ({ signal }) => getViewerLive(id, signal), retry: false });

/** `refetchMs`: how often to look again (the start of a live not yet playing); false: not. */
export function useViewerLive(id: number | null, refetchMs: number | false = false) {
  return useQuery({ ...viewerLiveQueryOptions(id ?? 0), enabled: !!id, refetchInterval: refetchMs });
}
