import { type FamilyMemberCreate, patientContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { patientKeys } from './patient-keys';

export function createFamilyMember(body: FamilyMemberCreate) {
  return callApi(patientContracts.createFamilyMember, body);
}

export function removeFamilyMember(id: number) {
  return callApi(patientContracts.removeFamilyMember, { id });
}

export function setDefaultFamilyMember(id: number) {
  return callApi(patientContracts.setDefaultFamilyMember, { id });
}

const useFamilyMutation = <A, R>(fn: (arg: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientKeys.familyMembers() }),
  });
};

export const useCreateFamilyMember = () => useFamilyMutation(createFamilyMember);
export const useRemoveFamilyMember = () => useFamilyMutation(removeFamilyMember);
export const useSetDefaultFamilyMember = () => useFamilyMutation(setDefaultFamilyMember);
