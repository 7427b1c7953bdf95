import { type ChatSettingsBody, chatDeskContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { deskKeys, useCurrentPharmacyId } from './desk-keys';

export function saveChatSettings(body: ChatSettingsBody) {
  return callApi(chatDeskContracts.saveSettings, body);
}

/** Saves the reception settings (managers only); the answer replaces the cached settings. */
export function useSaveChatSettings() {
  const queryClient = useQueryClient();
  const pharmacyId = useCurrentPharmacyId();
  return useMutation({
    mutationFn: saveChatSettings,
    onSuccess: (settings) => queryClient.setQueryData(deskKeys.settings(pharmacyId), settings),
  });
}
