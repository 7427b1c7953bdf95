import { type ContractInput, liveQuestionContracts as c, type QuestionCategory } from '@pharmacy/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useQuery } from '../../../lib/use-query';
import { questionKeys } from './question-keys';

export type QuestionCategoryBody = ContractInput<typeof c.createCategory>;

export const questionCategoriesQueryOptions = (pharmacyId: number | null) =>
  queryOptions({
    queryKey: questionKeys.categories(pharmacyId),
    queryFn: ({ signal }) => callApi(c.categories, undefined, { signal }),
  });

/** The pharmacy's question categories, flat (parent_id links them into the tree). */
export function useQuestionCategories() {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(questionCategoriesQueryOptions(pharmacyId));
}

/** 新增分类 (no id) or 重命名 / 移动 (id). */
export function saveQuestionCategory(input: { id?: number; body: QuestionCategoryBody }): Promise<QuestionCategory> {
  return input.id === undefined
    ? callApi(c.createCategory, input.body)
    : callApi(c.updateCategory, { id: input.id, ...input.body });
}

export function useSaveQuestionCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuestionCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}

export function useRemoveQuestionCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(c.removeCategory, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
