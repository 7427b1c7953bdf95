import { healthReviewContracts as c } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { healthReviewKeys } from './health-review-keys';

export const approveHealthReview = (id: number) => callApi(c.approve, { id });
/** 驳回: the form is reset for the patient, who sees the reason and fills it again. */
export const rejectHealthReview = (input: { id: number; reason: string }) => callApi(c.reject, input);

function useDecision<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // a 409 (decided meanwhile by a doctor) refreshes too, so the drawer shows who won
    onSettled: () => queryClient.invalidateQueries({ queryKey: healthReviewKeys.all }),
  });
}

export const useApproveHealthReview = () => useDecision(approveHealthReview);
export const useRejectHealthReview = () => useDecision(rejectHealthReview);
