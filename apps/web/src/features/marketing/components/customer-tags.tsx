import { Flex, Tag, Typography } from 'antd';

/** Whole days since an instant (for 「N 天未联系」). */
export const daysSince = (at: string, now = Date.now()) => Math.floor((now - new Date(at).getTime()) / 86_400_000);

/** A customer's tags as antd tags; `empty` when there are none. */
export function CustomerTags({ values, empty, color }: { values: string[]; empty?: string; color?: string }) {
  if (!values.length) return empty ? <Typography.Text type="secondary">{empty}</Typography.Text> : null;
  return (
    <Flex gap={4} wrap>
      {values.map((t) => (
        <Tag key={t} color={color ?? 'blue'} style={{ marginInlineEnd: 0 }}>
          {t}
        </Tag>
      ))}
    </Flex>
  );
}
