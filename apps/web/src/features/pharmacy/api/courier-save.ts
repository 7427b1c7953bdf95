import { type CourierBody, pharmacySettingsContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { settingsKeys } from './settings-keys';

/** Adds a courier (no id) or changes one. */
export function saveCourier({ id, ...body }: CourierBody & { id?: number }) {
  return id === undefined
    ? callApi(pharmacySettingsContracts.createCourier, body)
    : callApi(pharmacySettingsContracts.updateCourier, { id, ...body });
}

export function useSaveCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourier,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
