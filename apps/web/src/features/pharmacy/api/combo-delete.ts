import { comboContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { comboKeys } from './combo-keys';

export function deleteCombo(id: number) {
  return callApi(comboContracts.remove, { id });
}

export function useDeleteCombo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCombo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: comboKeys.all }),
  });
}
