import { type ComboStatusBody, comboContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { comboKeys } from './combo-keys';

/** Puts a combo on or off sale. On sale is refused (400111, the caller shows msg) while a quote in it is off shelf. */
export function setComboStatus({ id, status }: { id: number } & ComboStatusBody) {
  return callApi(comboContracts.setStatus, { id, status });
}

export function useSetComboStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setComboStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: comboKeys.all }),
  });
}
