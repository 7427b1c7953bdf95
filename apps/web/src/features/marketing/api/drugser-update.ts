import { drugserContracts, type FamilyMemberUpdate } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { drugserKeys } from './drugser-keys';

export const updateDrugser = (id: number, body: FamilyMemberUpdate) =>
  callApi(drugserContracts.update, { id, ...body });

/** 保存 on the edit page: the list, the detail and the prescriptions are read again. */
export function useUpdateDrugser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FamilyMemberUpdate }) => updateDrugser(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: drugserKeys.all }),
  });
}
