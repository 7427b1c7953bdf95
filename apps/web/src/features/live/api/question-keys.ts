import type { QuestionListQuery } from '@pharmacy/shared';

/**
 * The question bank's query keys. Each names the pharmacy (the pharmacyid header changes the answer), so a switch
 * never shows the previous pharmacy's bank; invalidating `pharmacy(id)` refreshes the tree and every list.
 */
export const questionKeys = {
  all: ['live', 'questions'] as const,
  pharmacy: (pharmacyId: number | null) => [...questionKeys.all, pharmacyId] as const,
  categories: (pharmacyId: number | null) => [...questionKeys.pharmacy(pharmacyId), 'categories'] as const,
  list: (pharmacyId: number | null, query: QuestionListQuery) =>
    [...questionKeys.pharmacy(pharmacyId), 'list', query] as const,
};
