import { type ExamResult, liveViewerContracts } from '@pharmacy/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { liveKeys } from './live-keys';

/** The live's exam: whether it is open, its questions (no answers), my result once submitted. */
export function getLiveExam(id: number, signal?: AbortSignal) {
  return callApi(liveViewerContracts.exam, { id }, { signal });
}

export const liveExamQueryOptions = (id: number) =>
  queryOptions({ queryKey: liveKeys.exam(id), queryFn: ({ signal }) => getLiveExam(id, signal), retry: false });

export function useLiveExam(id: number, enabled: boolean) {
  return useQuery({ ...liveExamQueryOptions(id), enabled });
}

export type ExamAnswers = { question_id: number; answer: string[] }[];

/** Submits my answers; only the first submission counts (a second answers the stored result). */
export function submitLiveExam(id: number, answers: ExamAnswers) {
  return callApi(liveViewerContracts.submitExam, { id, answers });
}

export function useSubmitLiveExam(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: ExamAnswers) => submitLiveExam(id, answers),
    onSuccess: (result: ExamResult) => {
      queryClient.setQueryData(liveKeys.exam(id), (old) => (old ? { ...old, result } : old));
      queryClient.setQueryData(liveKeys.live(id), (old) => (old ? { ...old, exam_result: result } : old));
    },
  });
}
