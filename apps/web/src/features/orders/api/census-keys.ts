import type { CensusQuery } from '@pharmacy/shared';

/** Query keys of the order statistics page, defined once. */
export const censusKeys = {
  all: ['orders-census'] as const,
  census: (query: CensusQuery) => [...censusKeys.all, 'census', query] as const,
  price: (query: CensusQuery) => [...censusKeys.all, 'price', query] as const,
};
