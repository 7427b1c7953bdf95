import { type ChannelListQuery, channelContracts as c } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { channelKeys } from './channel-keys';

export const channelListQueryOptions = (pharmacyId: number | null, query: ChannelListQuery) =>
  queryOptions({
    queryKey: channelKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => callApi(c.list, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** The pharmacy's channels with their figures over the range. */
export function useChannels(query: ChannelListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(channelListQueryOptions(pharmacyId, query));
}
