import type { HealthFormListQuery } from '@pharmacy/shared';

/** The doctor's health-form review query keys, defined once: a decision invalidates `all`. */
export const healthKeys = {
  all: ['clinical', 'health'] as const,
  lists: () => [...healthKeys.all, 'list'] as const,
  list: (query: HealthFormListQuery) => [...healthKeys.lists(), query] as const,
  detail: (id: number) => [...healthKeys.all, 'detail', id] as const,
  chart: (id: number) => [...healthKeys.all, 'chart', id] as const,
};
