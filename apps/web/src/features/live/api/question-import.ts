import { liveQuestionContracts as c, type QuestionImportResult } from '@pharmacy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { questionKeys } from './question-keys';

/** Downloads the import template (xlsx: 分类, 题型, 题干, 选项A…选项F, 答案, 解析, 分值). */
export function downloadQuestionTemplate() {
  return callApi(c.template);
}

/**
 * Imports a spreadsheet: every row right → all written in one go (`imported`); any row wrong → nothing written and
 * `failed` lists the rows with their messages. `category_id` is where rows without a 分类 go.
 */
export function importQuestions(input: { file: File; category_id?: number }): Promise<QuestionImportResult> {
  return callApi(c.import, {
    file: input.file,
    ...(input.category_id ? { category_id: String(input.category_id) } : {}),
  });
}

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importQuestions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
