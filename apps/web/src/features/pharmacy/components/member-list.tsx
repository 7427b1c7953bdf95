import {
  MEMBER_KEYWORD_MAX,
  MEMBER_LEVELS,
  type MemberListItem,
  type MemberListQuery,
  memberLevelLabels,
  memberListQuerySchema,
} from '@pharmacy/shared';
import { Form, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import {
  ChannelFilter,
  cardIdOf,
  KeywordFilter,
  nameColumn,
  phoneColumn,
  TagFilter,
} from '../../../components/member-card/member-list-fields';
import { formatDateTime } from '../../../lib/format';
import { useMembers } from '../api/member-list';
import { useMemberOptions } from '../api/member-options';
import { MemberCardDrawer } from './member-card-drawer';
import { MemberEditDialog } from './member-edit-dialog';
import { MemberLevelTag, MemberTags } from './member-level-tag';

const PERMISSION = 'viper_manage';

const columns: ColumnsType<MemberListItem> = [
  nameColumn('会员'),
  phoneColumn(),
  {
    key: 'level',
    title: '会员等级',
    dataIndex: 'level',
    width: 110,
    render: (l: number) => <MemberLevelTag level={l} />,
  },
  {
    key: 'points',
    title: '积分',
    dataIndex: 'points',
    width: 100,
    align: 'right',
    sorter: true,
    render: (p: number) => p.toLocaleString('zh-CN'),
  },
  { key: 'tags', title: '标签', dataIndex: 'tags', render: (t: string[]) => <MemberTags values={t} empty="-" /> },
  {
    key: 'channel_name',
    title: '渠道',
    dataIndex: 'channel_name',
    width: 110,
    render: (c: string | null) => c ?? '自然到店',
  },
  {
    key: 'family_count',
    title: '家庭成员',
    dataIndex: 'family_count',
    width: 90,
    align: 'right',
    render: (n: number) => `${n} 人`,
  },
  {
    key: 'joined_at',
    title: '入会时间',
    dataIndex: 'joined_at',
    width: 160,
    sorter: true,
    render: (t: string) => formatDateTime(t),
  },
];

const levelOptions = MEMBER_LEVELS.map((l) => ({ value: l, label: memberLevelLabels[l] }));

/** The card drawer, with the edit dialog opened over it (the drawer stays where it is). */
function CardWithEdit({ id, close }: { id: number; close: () => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <MemberCardDrawer id={id} onClose={close} onEdit={() => setEditing(true)} />
      {editing ? <MemberEditDialog id={id} onClose={() => setEditing(false)} /> : null}
    </>
  );
}

/** 会员管理's list: search by phone (full or last four digits) or name, level, tag and channel; the card; edit. */
export function MemberList() {
  const list = useListPage({ querySchema: memberListQuerySchema });
  const { data, isFetching } = useMembers(list.query as MemberListQuery);
  const options = useMemberOptions();

  const rowActions: RowAction<MemberListItem>[] = [
    { key: 'card', label: '查看', permission: PERMISSION },
    { key: 'edit', label: '编辑', permission: PERMISSION },
  ];

  return (
    <ListPage<MemberListItem, MemberListQuery>
      label="会员列表"
      list={list}
      scope="pharmacy"
      filters={
        <>
          <KeywordFilter maxLength={MEMBER_KEYWORD_MAX} width={220} />
          <Form.Item name="level" label="会员等级">
            <Select allowClear placeholder="全部等级" options={levelOptions} style={{ width: 140 }} />
          </Form.Item>
          <TagFilter tags={options.data?.tags} width={150} />
          <ChannelFilter channels={options.data?.channels} width={150} />
        </>
      }
      toolbar={
        <Typography.Text type="secondary">手机号已脱敏显示；按手机号搜索请输入完整号码或后四位。</Typography.Text>
      }
      columns={columns}
      rowKey="id"
      rows={data?.list}
      total={data?.total}
      loading={isFetching}
      rowActions={rowActions}
      actionsWidth={120}
      dialogs={{
        card: {
          permission: PERMISSION,
          render: ({ id, close }) => <CardWithEdit key={id} id={cardIdOf(id)} close={close} />,
        },
        edit: {
          permission: PERMISSION,
          render: ({ id, close }) => <MemberEditDialog key={id} id={cardIdOf(id)} onClose={close} />,
        },
      }}
    />
  );
}
