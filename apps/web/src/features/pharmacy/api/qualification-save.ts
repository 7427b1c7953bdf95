import { pharmacySettingsContracts, type QualificationBody } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { settingsKeys } from './settings-keys';

/** Adds a document (no id) or changes one. */
export function saveQualification({ id, ...body }: QualificationBody & { id?: number }) {
  return id === undefined
    ? callApi(pharmacySettingsContracts.createQualification, body)
    : callApi(pharmacySettingsContracts.updateQualification, { id, ...body });
}

export function useSaveQualification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQualification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
