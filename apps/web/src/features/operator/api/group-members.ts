import { type GroupDetail, groupContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { groupKeys } from './group-keys';

export function addGroupPharmacies(id: number, pharmacyIds: number[]) {
  return callApi(groupContracts.addMembers, { id, pharmacy_ids: pharmacyIds });
}

export function removeGroupPharmacy(id: number, pharmacyId: number) {
  return callApi(groupContracts.removeMember, { id, pharmacyId });
}

export function setGroupCross(id: number, pharmacyId: number, on: boolean) {
  return callApi(groupContracts.setCross, { id, pharmacyId, cross_group: on });
}

/** The answer is the group as it now is: it replaces the cached detail, and the list refreshes. */
function useGroupChange<V>(change: (vars: V) => Promise<GroupDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      void queryClient.invalidateQueries({ queryKey: [...groupKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...groupKeys.all, 'pharmacy-options'] });
    },
  });
}

/** 添加药店 (a pharmacy of another group refuses the whole call, 409 naming it). */
export const useAddGroupPharmacies = () =>
  useGroupChange(({ id, pharmacyIds }: { id: number; pharmacyIds: number[] }) => addGroupPharmacies(id, pharmacyIds));

/** 移出 (its sharing stops too). */
export const useRemoveGroupPharmacy = () =>
  useGroupChange(({ id, pharmacyId }: { id: number; pharmacyId: number }) => removeGroupPharmacy(id, pharmacyId));

/** 集团共享报价 on or off for a member (pharmacy cross). */
export const useSetGroupCross = () =>
  useGroupChange(({ id, pharmacyId, on }: { id: number; pharmacyId: number; on: boolean }) =>
    setGroupCross(id, pharmacyId, on),
  );
