import type { HealthReviewListQuery } from '@pharmacy/shared';

/** The manager's health review query keys (per pharmacy): a decision invalidates `all`. */
export const healthReviewKeys = {
  all: ['marketing', 'health-review'] as const,
  list: (pharmacyId: number | null, query: HealthReviewListQuery) =>
    [...healthReviewKeys.all, 'list', pharmacyId, query] as const,
  detail: (pharmacyId: number | null, id: number) => [...healthReviewKeys.all, 'detail', pharmacyId, id] as const,
};
