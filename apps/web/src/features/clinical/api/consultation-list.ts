import { type ConsultationListQuery, consultationContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { consultationKeys } from './consultation-keys';

export function getConsultations(query: ConsultationListQuery, signal?: AbortSignal) {
  return callApi(consultationContracts.list, query, { signal });
}

export const consultationsQueryOptions = (query: ConsultationListQuery) =>
  queryOptions({
    queryKey: consultationKeys.list(query),
    queryFn: ({ signal }) => getConsultations(query, signal),
    placeholderData: keepPreviousData,
  });

/** The doctor's consultation requests: a page, its total and every tab's count. */
export function useConsultations(query: ConsultationListQuery) {
  return useQuery(consultationsQueryOptions(query));
}
