import { pharmacySettingsContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { settingsKeys } from './settings-keys';

/** The courier companies a pharmacy may ship with (the spec's codes, named by the express_company collection). */
export function getCourierCompanies(signal?: AbortSignal) {
  return callApi(pharmacySettingsContracts.courierCompanies, undefined, { signal });
}

export const courierCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.companies(),
    queryFn: ({ signal }) => getCourierCompanies(signal),
    staleTime: 10 * 60_000,
  });

export function useCourierCompanies() {
  return useQuery(courierCompaniesQueryOptions());
}
