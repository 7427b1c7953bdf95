import { Avatar, Flex, Form, Input, Select } from 'antd';
import type { ColumnType } from 'antd/es/table';

/**
 * What the lists of 会员管理 (pharmacy: members) and 会员管理 (marketing: customers) share: the name and phone columns,
 * the 搜索, 标签 and 渠道 filters, and the card's id read from the URL. The widths stay each list's own.
 */

/** The member's avatar and name (未填写 without one) under `title`; `nowrap` keeps a long name on one line. */
export function nameColumn<T extends { name: string; head_img_url: string }>(
  title: string,
  nowrap = false,
): ColumnType<T> {
  return {
    key: 'name',
    title,
    dataIndex: 'name',
    render: (name: string, row) => (
      <Flex gap={8} align="center">
        <Avatar size="small" src={row.head_img_url || undefined}>
          {name.slice(0, 1)}
        </Avatar>
        <span style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>{name || '未填写'}</span>
      </Flex>
    ),
  };
}

/** 手机号 as the server sends it (masked), on one line. */
export function phoneColumn<T extends { phone: string }>(): ColumnType<T> {
  return {
    key: 'phone',
    title: '手机号',
    dataIndex: 'phone',
    width: 130,
    render: (p: string) => <span style={{ whiteSpace: 'nowrap' }}>{p}</span>,
  };
}

/** 搜索 (`keyword`): the full phone, its last four digits, or the name. */
export function KeywordFilter({ maxLength, width }: { maxLength: number; width: number }) {
  return (
    <Form.Item name="keyword" label="搜索">
      <Input allowClear placeholder="手机号 / 手机后四位 / 姓名" maxLength={maxLength} style={{ width }} />
    </Form.Item>
  );
}

/** 标签 (`tag`): one of the tags in use. */
export function TagFilter({ tags, width }: { tags: string[] | undefined; width: number }) {
  return (
    <Form.Item name="tag" label="标签">
      <Select
        allowClear
        showSearch
        placeholder="全部标签"
        options={(tags ?? []).map((t) => ({ value: t, label: t }))}
        style={{ width }}
      />
    </Form.Item>
  );
}

/** 渠道 (`channel_id`): one of the pharmacy's channels. */
export function ChannelFilter({
  channels,
  width,
}: {
  channels: { id: number; name: string }[] | undefined;
  width: number;
}) {
  return (
    <Form.Item name="channel_id" label="渠道">
      <Select
        allowClear
        placeholder="全部渠道"
        options={(channels ?? []).map((c) => ({ value: c.id, label: c.name }))}
        style={{ width }}
      />
    </Form.Item>
  );
}

/** The id of the row a dialog is open on, from the URL (`?action=card&id=…`): 0 unless a positive whole number. */
export const cardIdOf = (id: string | null) => {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};
