import { liveContracts, liveQuestionContracts, type QuestionListQuery } from '@pharmacy/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { liveKeys } from './live-keys';
import { useLivePharmacyId } from './live-list';

/** 考试题目: the questions bound to the live, in order. */
export function useLiveExam(liveId: number) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.exam(pharmacyId, liveId),
    queryFn: ({ signal }) => callApi(liveContracts.questions, { id: liveId }, { signal }),
  });
}

/** Replaces the live's exam with these questions in this order. */
export function useBindLiveQuestions(liveId: number) {
  const queryClient = useQueryClient();
  const pharmacyId = useLivePharmacyId();
  return useMutation({
    mutationFn: (questionIds: number[]) =>
      callApi(liveContracts.bindQuestions, { id: liveId, question_ids: questionIds }),
    onSuccess: (exam) => queryClient.setQueryData(liveKeys.exam(pharmacyId, liveId), exam),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: liveKeys.all }),
        // the bank shows how many lives use each question
        queryClient.invalidateQueries({ queryKey: ['live', 'questions'] }),
      ]),
  });
}

/** The select-question dialog's page of the bank, leaving out the questions already in the live's exam. */
export function usePickableQuestions(query: QuestionListQuery, enabled = true) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: liveKeys.pickQuestions(pharmacyId, query),
    queryFn: ({ signal }) => callApi(liveQuestionContracts.list, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The bank's categories (the dialog's filter). */
export function useQuestionCategoryOptions(enabled = true) {
  const pharmacyId = useLivePharmacyId();
  return useQuery({
    queryKey: [...liveKeys.pharmacy(pharmacyId), 'question-categories'],
    queryFn: ({ signal }) => callApi(liveQuestionContracts.categories, undefined, { signal }),
    enabled,
  });
}
