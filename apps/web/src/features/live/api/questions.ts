import { liveQuestionContracts as c, type Question, type QuestionBody, type QuestionListQuery } from '@pharmacy/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { questionKeys } from './question-keys';

export const questionsQueryOptions = (pharmacyId: number | null, query: QuestionListQuery) =>
  queryOptions({
    queryKey: questionKeys.list(pharmacyId, query),
    queryFn: ({ signal }) => callApi(c.list, query, { signal }),
    placeholderData: keepPreviousData,
  });

/** A page of the bank: a category with its descendants, a type, a keyword. */
export function useQuestions(query: QuestionListQuery) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(questionsQueryOptions(pharmacyId, query));
}

/** 新增题目 (no id) or 编辑 (id). */
export function saveQuestion(input: { id?: number; body: QuestionBody }): Promise<Question> {
  return input.id === undefined ? callApi(c.create, input.body) : callApi(c.update, { id: input.id, ...input.body });
}

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}

/** 答案设置: the answer and its analysis only. */
export function useSetQuestionAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; answer: string[]; analysis: string }) => callApi(c.setAnswer, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}

export function useRemoveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(c.remove, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
