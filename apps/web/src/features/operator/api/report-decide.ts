import { reportContracts } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { reportKeys } from './report-keys';

export type ReportDecision = 'process' | 'reject';

/** 处理 (with the result told to the complainant) or 驳回 (with the reason) a pending complaint. */
export function decideReport(decision: ReportDecision, id: number, text: string) {
  return decision === 'process'
    ? callApi(reportContracts.process, { id, result: text })
    : callApi(reportContracts.reject, { id, reason: text });
}

/** A decision; settled either way (a 409 means someone else decided first), the list and detail re-read. */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, id, text }: { decision: ReportDecision; id: number; text: string }) =>
      decideReport(decision, id, text),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
