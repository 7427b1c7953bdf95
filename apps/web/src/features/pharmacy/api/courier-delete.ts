import { pharmacySettingsContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { settingsKeys } from './settings-keys';

export function deleteCourier(id: number) {
  return callApi(pharmacySettingsContracts.removeCourier, { id });
}

export function useDeleteCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourier,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
