import { platformCensusContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, takeInitialData } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

/** The platform's active doctors (public, at most 12): the home page's 医生团队, sent inside its HTML. */
export function getDoctors(signal?: AbortSignal) {
  return callApi(platformCensusContracts.doctors, undefined, { signal });
}

export const doctorsQueryOptions = () =>
  queryOptions({
    queryKey: [...catalogueKeys.all, 'doctors'] as const,
    queryFn: ({ signal }) => getDoctors(signal),
    initialData: () => takeInitialData(platformCensusContracts.doctors, undefined),
  });

export function useDoctors() {
  return useQuery(doctorsQueryOptions());
}
