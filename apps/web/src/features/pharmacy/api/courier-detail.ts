import { pharmacySettingsContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { settingsKeys } from './settings-keys';

/** One courier with the sender phone unmasked, for its edit dialog. */
export function getCourier(id: number, signal?: AbortSignal) {
  return callApi(pharmacySettingsContracts.courierDetail, { id }, { signal });
}

export const courierQueryOptions = (id: number) =>
  queryOptions({ queryKey: settingsKeys.courierDetail(id), queryFn: ({ signal }) => getCourier(id, signal) });

export function useCourier(id: number | null) {
  return useQuery({ ...courierQueryOptions(id ?? 0), enabled: id !== null });
}
