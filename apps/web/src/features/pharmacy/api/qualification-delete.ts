import { pharmacySettingsContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { settingsKeys } from './settings-keys';

export function deleteQualification(id: number) {
  return callApi(pharmacySettingsContracts.removeQualification, { id });
}

export function useDeleteQualification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQualification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
