import { healthContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { healthKeys } from './health-keys';

export function approveHealthForm(id: number) {
  return callApi(healthContracts.approve, { id });
}

/** Rejects the form: it is reset for the patient, who sees the reason and fills it again. */
export function resetHealthForm(input: { id: number; reason: string }) {
  return callApi(healthContracts.reset, input);
}

export function useApproveHealthForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveHealthForm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: healthKeys.all }),
  });
}

export function useResetHealthForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetHealthForm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: healthKeys.all }),
  });
}
