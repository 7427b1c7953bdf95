import { type RecipeStatus, recipeFrequencies, recipeStatusLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

const colors: Record<RecipeStatus, string> = {
  pending_inspection: 'processing',
  approved: 'success',
  rejected: 'error',
  void: 'default',
};

export function RecipeStatusTag({ status }: { status: RecipeStatus }) {
  return <Tag color={colors[status]}>{recipeStatusLabels[status]}</Tag>;
}

export const genderLabel = (gender: string) => (gender === 'male' ? '男' : gender === 'female' ? '女' : '');

/** 女 · 30 岁 */
export const recipePatientLine = (gender: string, age: number | null) =>
  [genderLabel(gender), age === null ? '' : `${age} 岁`].filter(Boolean).join(' · ');

export const frequencyLabel = (code: string) => recipeFrequencies.find((f) => f.code === code)?.label ?? code;
