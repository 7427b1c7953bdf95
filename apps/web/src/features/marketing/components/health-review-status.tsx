import {
  familyRelationLabel,
  type HealthFormStatus,
  healthFormStatusLabels,
  healthFormTabLabels,
} from '@pharmacy/shared';
import { Tag } from 'antd';

const statusColors: Record<HealthFormStatus, string> = {
  submitted: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** The form's status as the doctor's review shows it. */
export function HealthReviewStatusTag({ status }: { status: HealthFormStatus }) {
  return (
    <Tag color={statusColors[status]} bordered={false}>
      {status === 'rejected' ? healthFormTabLabels.rejected : healthFormStatusLabels[status]}
    </Tag>
  );
}

export const genderText = (g: string) => (g === 'male' ? '男' : g === 'female' ? '女' : '-');

export const relationText = (r: string) => (r ? familyRelationLabel(r) : '-');
