export { showServerFieldError, zodRule } from '../../../components/form-field-errors';

import { judgeAnswerLabels, QUESTION_OPTION_KEYS, type QuestionCategory, type QuestionType } from '@pharmacy/shared';

/** The option key at a position (A for the first …). */
export const optionKey = (index: number) => QUESTION_OPTION_KEYS[index] as string;

/** An answer as the list shows it: 正确 / 错误 for a judge question, the keys joined otherwise (A、C). */
export function answerText(type: QuestionType, answer: readonly string[]): string {
  if (answer.length === 0) return '未设置';
  if (type === 'judge') return judgeAnswerLabels[answer[0] as 'T' | 'F'] ?? answer.join('、');
  return [...answer].sort().join('、');
}

/**
 * The answer after the option at `index` was removed: its key leaves the answer and the later options' keys move
 * up one letter (options are always lettered A, B, C … by position).
 */
export function answerAfterRemove(answer: readonly string[], index: number): string[] {
  return answer
    .map((key) => QUESTION_OPTION_KEYS.indexOf(key as (typeof QUESTION_OPTION_KEYS)[number]))
    .filter((i) => i >= 0 && i !== index)
    .map((i) => optionKey(i > index ? i - 1 : i))
    .sort();
}

/**
 * The options and answer after the type changed: a judge question has no options (正确 / 错误); a choice question
 * coming from judge starts with four blank options; single keeps a one-key answer only.
 */
export function afterTypeChange(
  to: QuestionType,
  options: { text: string }[],
  answer: readonly string[],
): { options: { text: string }[]; answer: string[] } {
  if (to === 'judge')
    return { options: [], answer: answer.length === 1 && /^[TF]$/.test(answer[0]) ? [...answer] : [] };
  const nextOptions = options.length ? options : Array.from({ length: 4 }, () => ({ text: '' }));
  const keys = new Set(nextOptions.map((_, i) => optionKey(i)));
  const kept = answer.filter((a) => keys.has(a));
  if (to === 'single') return { options: nextOptions, answer: kept.length === 1 ? kept : [] };
  return { options: nextOptions, answer: kept };
}

export interface CategoryNode {
  key: number;
  value: number;
  title: string;
  name: string;
  /** Questions in it and its descendants. */
  total: number;
  category: QuestionCategory;
  children: CategoryNode[];
}

/** The flat categories as a tree (sort, then name), each node with its questions counted with its descendants'. */
export function categoryTree(categories: readonly QuestionCategory[]): CategoryNode[] {
  const byParent = new Map<number | null, QuestionCategory[]>();
  const ids = new Set(categories.map((c) => c.id));
  for (const c of categories) {
    const parent = c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), c]);
  }
  const build = (parent: number | null, seen: Set<number>): CategoryNode[] =>
    (byParent.get(parent) ?? [])
      .filter((c) => !seen.has(c.id))
      .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'zh-CN') || a.id - b.id)
      .map((c) => {
        const children = build(c.id, new Set([...seen, c.id]));
        const total = c.question_count + children.reduce((sum, n) => sum + n.total, 0);
        return { key: c.id, value: c.id, title: c.name, name: c.name, total, category: c, children };
      });
  return build(null, new Set());
}

/** A category and every category under it (the ids a move must not target). */
export function descendantIds(categories: readonly QuestionCategory[], id: number): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (c.parent_id !== null && out.has(c.parent_id) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}
