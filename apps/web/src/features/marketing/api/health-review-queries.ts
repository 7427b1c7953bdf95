import { healthReviewContracts as c, type HealthReviewListQuery } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { healthReviewKeys } from './health-review-keys';

export function getHealthReviews(query: HealthReviewListQuery, signal?: AbortSignal) {
  return callApi(c.list, query, { signal });
}

export const healthReviewsQueryOptions = (pharmacyId: number | null, query: HealthReviewListQuery) =>
  queryOptions({
    queryKey: healthReviewKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => getHealthReviews(query, signal),
    placeholderData: keepPreviousData,
  });

/** The pharmacy's customers' forms in one status tab, with the tabs' counts. */
export function useHealthReviews(query: HealthReviewListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(healthReviewsQueryOptions(pharmacyId, query));
}

/** One form with its answers and the family member's profile. */
export function useHealthReview(id: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery({
    queryKey: healthReviewKeys.detail(pharmacyId, id),
    queryFn: ({ signal }) => callApi(c.detail, { id }, { signal }),
  });
}
