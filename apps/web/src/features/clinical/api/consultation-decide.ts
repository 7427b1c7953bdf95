import { consultationContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { consultationKeys } from './consultation-keys';

/** 接诊: pending → approved (409 when someone or something moved it first). */
export function approveConsultation(id: number) {
  return callApi(consultationContracts.approve, { id });
}

/** 拒绝 with a reason: an order waiting for this prescription is cancelled and refunded, the patient is told. */
export function rejectConsultation(input: { id: number; reason: string }) {
  return callApi(consultationContracts.reject, input);
}

export function useApproveConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveConsultation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consultationKeys.all }),
  });
}

export function useRejectConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectConsultation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: consultationKeys.all }),
  });
}
