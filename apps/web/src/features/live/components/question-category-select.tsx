import type { QuestionCategory } from '@pharmacy/shared';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { type CategoryNode, categoryTree, descendantIds } from './question-form-rules';

export interface QuestionCategorySelectProps {
  categories: readonly QuestionCategory[];
  value?: number | null;
  onChange?: (id: number | null) => void;
  placeholder?: string;
  /** A category whose subtree may not be picked (moving a category under itself). */
  exclude?: number;
  id?: string;
  'aria-label'?: string;
}

type SelectNode = { value: number; title: string; disabled?: boolean; children: SelectNode[] };

/** A category picker over the tree; clearing it answers null. */
export function QuestionCategorySelect(props: QuestionCategorySelectProps) {
  const { categories, exclude } = props;
  const treeData = useMemo(() => {
    const blocked = exclude === undefined ? new Set<number>() : descendantIds(categories, exclude);
    const map = (nodes: CategoryNode[]): SelectNode[] =>
      nodes.map((n) => ({ value: n.key, title: n.name, disabled: blocked.has(n.key), children: map(n.children) }));
    return map(categoryTree(categories));
  }, [categories, exclude]);
  return (
    <TreeSelect
      id={props.id}
      aria-label={props['aria-label']}
      treeData={treeData}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v === undefined || v === null ? null : Number(v))}
      placeholder={props.placeholder ?? '请选择分类'}
      allowClear
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      style={{ width: '100%' }}
    />
  );
}
