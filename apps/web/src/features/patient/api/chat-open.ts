import { chatPatientContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { chatKeys } from './chat-keys';
import { upsertConversation } from './chat-mine';

/** 咨询药店: the open conversation with that pharmacy, created (with its greeting) when there is none. */
export function openConversation(pharmacyId: number) {
  return callApi(chatPatientContracts.open, { pharmacy_id: pharmacyId });
}

export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: (conversation) =>
      queryClient.setQueryData(chatKeys.mine(), (list: Parameters<typeof upsertConversation>[0]) =>
        upsertConversation(list, conversation),
      ),
  });
}
