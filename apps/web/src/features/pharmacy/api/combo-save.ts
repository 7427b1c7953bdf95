import { type ComboBody, comboContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { comboKeys } from './combo-keys';

/** Creates a combo (id null) or replaces one's name, price, remark and items; answers its id. */
export function saveCombo({ id, body }: { id: number | null; body: ComboBody }) {
  return id === null ? callApi(comboContracts.create, body) : callApi(comboContracts.update, { id, ...body });
}

export function useSaveCombo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCombo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: comboKeys.all }),
  });
}
