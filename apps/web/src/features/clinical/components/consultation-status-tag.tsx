import { type ConsultationSource, type ConsultationStatus, consultationStatusLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

const statusColors: Record<ConsultationStatus, string> = {
  pending: 'processing',
  approved: 'warning',
  prescribed: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export function ConsultationStatusTag({ status }: { status: ConsultationStatus }) {
  return (
    <Tag color={statusColors[status]} bordered={false}>
      {consultationStatusLabels[status]}
    </Tag>
  );
}

export function ConsultationSourceTag({ source }: { source: ConsultationSource }) {
  return source === 'order' ? (
    <Tag color="blue" bordered={false}>
      订单
    </Tag>
  ) : (
    <Tag color="purple" bordered={false}>
      医生添加
    </Tag>
  );
}

export const consultationGenderText = (g: string) => (g === 'male' ? '男' : g === 'female' ? '女' : '-');

/** e.g. 女 · 34岁 */
export const patientLine = (gender: string, age: number | null) =>
  `${consultationGenderText(gender)} · ${age === null ? '年龄未知' : `${age}岁`}`;

/** 阿莫西林胶囊 ×2、布洛芬缓释胶囊 ×1 */
export const wantedText = (items: readonly { name: string; qty: number }[]) =>
  items.map((i) => `${i.name} ×${i.qty}`).join('、');
