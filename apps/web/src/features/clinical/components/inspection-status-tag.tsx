import { genderLabels, type RecipeStatus, recipeStatusLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

const colors: Record<RecipeStatus, string> = {
  pending_inspection: 'processing',
  approved: 'success',
  rejected: 'error',
  void: 'default',
};

/** A prescription's status as the pharmacist's list and dialog show it. */
export function InspectionStatusTag({ status }: { status: RecipeStatus }) {
  return (
    <Tag color={colors[status]} style={{ marginInlineEnd: 0 }}>
      {recipeStatusLabels[status]}
    </Tag>
  );
}

/** 男 / 女 for the stored male / female; anything else as written. */
export const genderText = (g: string) => genderLabels[g as keyof typeof genderLabels] ?? g;
