import { pharmacySettingsContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { settingsKeys } from './settings-keys';

/** Makes the courier the pharmacy's one default (the settings' 默认快递 follows). */
export function setDefaultCourier(id: number) {
  return callApi(pharmacySettingsContracts.setDefaultCourier, { id });
}

export function useSetDefaultCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCourier,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
