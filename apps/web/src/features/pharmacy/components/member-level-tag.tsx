import { memberLevelLabel } from '@pharmacy/shared';
import { Tag } from 'antd';

const levelColors = ['default', 'default', 'cyan', 'gold', 'purple', 'magenta'];

/** 普通会员 … 钻石会员, one colour per level. */
export function MemberLevelTag({ level }: { level: number }) {
  return (
    <Tag color={levelColors[level] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {memberLevelLabel(level)}
    </Tag>
  );
}

/** A list of short texts as tags, or 无 when there are none. */
export function MemberTags({ values, color, empty = '无' }: { values: string[]; color?: string; empty?: string }) {
  if (values.length === 0) return <span style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{empty}</span>;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {values.map((v) => (
        <Tag key={v} color={color} style={{ marginInlineEnd: 0 }}>
          {v}
        </Tag>
      ))}
    </span>
  );
}
