import { pharmacySettingsContracts, type ReceivingAccountBody } from '@pharmacy/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { settingsKeys } from './settings-keys';

/** The receiving account; its number comes masked (last four digits only). */
export function getReceivingAccount(signal?: AbortSignal) {
  return callApi(pharmacySettingsContracts.getReceivingAccount, undefined, { signal });
}

export const receivingAccountQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.receivingAccount(), queryFn: ({ signal }) => getReceivingAccount(signal) });

export function useReceivingAccount() {
  return useQuery(receivingAccountQueryOptions());
}

/** An empty account number keeps the one on file. */
export function updateReceivingAccount(body: ReceivingAccountBody) {
  return callApi(pharmacySettingsContracts.updateReceivingAccount, body);
}

export function useUpdateReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReceivingAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.receivingAccount() }),
  });
}
