import type { PlatformCensusQuery } from '@pharmacy/shared';

/** Query keys of the platform's prescription statistics (处方统计), defined once. */
export const platformCensusKeys = {
  all: ['operator-census'] as const,
  census: (query: PlatformCensusQuery) => [...platformCensusKeys.all, 'census', query] as const,
};
