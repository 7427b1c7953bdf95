import { type AdminPharmacyStatus, adminPharmacyStatusLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

const colors: Record<AdminPharmacyStatus, string> = {
  pending: 'orange',
  active: 'green',
  suspended: 'red',
  rejected: 'default',
};

/** 待审核 / 已入驻 / 已暂停 / 未通过. */
export function PharmacyStatusTag({ status }: { status: AdminPharmacyStatus }) {
  return <Tag color={colors[status]}>{adminPharmacyStatusLabels[status]}</Tag>;
}
