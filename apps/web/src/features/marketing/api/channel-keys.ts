import type { ChannelListQuery } from '@pharmacy/shared';

/** The channel page's query keys (per pharmacy). */
export const channelKeys = {
  all: ['marketing', 'channel'] as const,
  list: (pharmacyId: number | null, query: ChannelListQuery) =>
    [...channelKeys.all, 'list', pharmacyId, query] as const,
  code: (pharmacyId: number | null, id: number) => [...channelKeys.all, 'code', pharmacyId, id] as const,
};
