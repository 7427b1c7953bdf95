import { type PharmacySettingBody, pharmacySettingsContracts } from '@pharmacy/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { settingsKeys } from './settings-keys';

export function getSetting(signal?: AbortSignal) {
  return callApi(pharmacySettingsContracts.getSetting, undefined, { signal });
}

export const settingQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.setting(), queryFn: ({ signal }) => getSetting(signal) });

export function useSetting() {
  return useQuery(settingQueryOptions());
}

export function updateSetting(body: PharmacySettingBody) {
  return callApi(pharmacySettingsContracts.updateSetting, body);
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
