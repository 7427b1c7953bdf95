import { type CourierListQuery, pharmacySettingsContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { settingsKeys } from './settings-keys';

export function getCouriers(query: CourierListQuery, signal?: AbortSignal) {
  return callApi(pharmacySettingsContracts.courierList, query, { signal });
}

export const couriersQueryOptions = (query: CourierListQuery) =>
  queryOptions({
    queryKey: settingsKeys.courierList(query),
    queryFn: ({ signal }) => getCouriers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useCouriers(query: CourierListQuery) {
  return useQuery(couriersQueryOptions(query));
}
