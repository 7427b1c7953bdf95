import { type Drugser, genderLabels } from '@pharmacy/shared';
import { Space, Tag, Typography } from 'antd';

/** 男 · 46 岁, or what is known of it; '-' when nothing is. */
export function genderAge(member: Pick<Drugser, 'gender' | 'age'>): string {
  const parts = [member.gender ? genderLabels[member.gender] : '', member.age !== null ? `${member.age} 岁` : ''];
  return parts.filter(Boolean).join(' · ') || '-';
}

const historyKinds = [
  { field: 'allergy_history', label: '过敏', color: 'red' },
  { field: 'family_medical_history', label: '家族', color: 'orange' },
  { field: 'past_medical_history', label: '既往', color: 'blue' },
] as const;

/** The three histories as tags (过敏 red, 家族 orange, 既往 blue); 无 and empty lists are left out. */
export function DrugserHistoryTags({ member }: { member: Drugser }) {
  const tags = historyKinds.flatMap((k) =>
    member[k.field]
      .filter((v) => v !== '无')
      .map((v) => ({ key: `${k.field}:${v}`, text: `${k.label}：${v}`, color: k.color })),
  );
  if (tags.length === 0) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space size={[0, 4]} wrap>
      {tags.map((t) => (
        <Tag key={t.key} color={t.color}>
          {t.text}
        </Tag>
      ))}
    </Space>
  );
}
