import { type ReportCreateInput, reportContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { complaintKeys } from './complaint-keys';

/** Submits a complaint about one of my targets. */
export function submitComplaint(body: ReportCreateInput) {
  return callApi(reportContracts.create, body);
}

export function useSubmitComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitComplaint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintKeys.mine() }),
  });
}
