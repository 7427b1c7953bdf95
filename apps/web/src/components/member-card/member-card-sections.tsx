import { familyRelationLabel, genderLabels, type MemberAddress, type MemberFamily } from '@pharmacy/shared';
import { Alert, Avatar, Flex, List, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import type { ReactNode } from 'react';

/**
 * What the pharmacy's 会员卡片 (pharmacy, 会员管理) and the marketing 客户卡片 (marketing, 会员管理) show of a member
 * alike: the loading and error states, the header, the family members' first columns, the 家庭成员 and 收货地址 sections,
 * a card's small tables and its notes. What each card fetches, and who may do what on it, stays in its module.
 */

/** The card's content once loaded: the error alert, or a skeleton until the data is there. */
export function WhenLoaded<T>({
  data,
  isError,
  errorTitle,
  skeletonRows,
  children,
}: {
  data: T | undefined;
  isError: boolean;
  /** e.g. 会员不存在或已无权查看 */
  errorTitle: string;
  /** The skeleton's paragraph rows (antd's default when not given). */
  skeletonRows?: number;
  children: (data: T) => ReactNode;
}) {
  if (isError) return <Alert type="error" showIcon title={errorTitle} />;
  if (data === undefined) return <Skeleton active paragraph={skeletonRows ? { rows: skeletonRows } : true} />;
  return <>{children(data)}</>;
}

/** The avatar (the name's first character without a picture), the name, and a secondary line under it. */
export function CardHeader({
  name,
  headImgUrl,
  subtitle,
  marginBottom,
}: {
  name: string;
  headImgUrl: string;
  subtitle: ReactNode;
  marginBottom: number;
}) {
  return (
    <Flex gap={12} align="center" style={{ marginBottom }}>
      <Avatar size={48} src={headImgUrl || undefined}>
        {name.slice(0, 1)}
      </Avatar>
      <div>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
        <Typography.Text type="secondary">{subtitle}</Typography.Text>
      </div>
    </Flex>
  );
}

/** The staff's notes on a member as written (line breaks kept), or 暂无备注. */
export function NotesText({ notes }: { notes: string }) {
  return notes ? (
    <span style={{ whiteSpace: 'pre-wrap' }}>{notes}</span>
  ) : (
    <Typography.Text type="secondary">暂无备注</Typography.Text>
  );
}

/** One of a card's small tables: all its rows (no pagination), named by `label`, `empty` when there are none. */
export function CardTable<T extends object>({
  label,
  rows,
  columns,
  empty,
  rowKey = 'id',
}: {
  label: string;
  rows: T[];
  columns: ColumnsType<T>;
  empty: string;
  rowKey?: TableProps<T>['rowKey'];
}) {
  return (
    <Table<T>
      aria-label={label}
      size="small"
      rowKey={rowKey}
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: empty }}
    />
  );
}

/** The 姓名 (with 默认), 关系, 性别 and 年龄 columns of a member's family; each card adds its own history columns. */
export const familyColumns: ColumnsType<MemberFamily> = [
  {
    key: 'name',
    title: '姓名',
    dataIndex: 'name',
    render: (name: string, row) => (
      <Flex gap={4} align="center" wrap>
        {name}
        {row.is_default ? <Tag color="blue">默认</Tag> : null}
      </Flex>
    ),
  },
  { key: 'relation', title: '关系', dataIndex: 'relation', render: (r: string) => familyRelationLabel(r) },
  {
    key: 'gender',
    title: '性别',
    dataIndex: 'gender',
    render: (g: MemberFamily['gender']) => (g ? genderLabels[g] : '-'),
  },
  { key: 'age', title: '年龄', dataIndex: 'age', render: (a: number | null) => (a === null ? '-' : `${a} 岁`) },
];

/** 家庭成员（N）: the member's family in a table; `titleId` names the section by its heading. */
export function FamilySection({
  titleId,
  members,
  columns,
}: {
  titleId: string;
  members: MemberFamily[];
  columns: ColumnsType<MemberFamily>;
}) {
  return (
    <section aria-labelledby={titleId}>
      <Typography.Title id={titleId} level={5}>
        家庭成员（{members.length}）
      </Typography.Title>
      <CardTable<MemberFamily> label="家庭成员" rows={members} columns={columns} empty="暂无家庭成员" />
    </section>
  );
}

/** An address in one line: municipalities repeat the province as the city (上海市上海市), said once. */
export const addressPlace = (a: Pick<MemberAddress, 'province' | 'city' | 'district' | 'detail'>) =>
  `${a.province}${a.city === a.province ? '' : a.city}${a.district} ${a.detail}`;

/**
 * 收货地址（N）: the member's addresses, each with its receiver, phone and 默认; `stacked` puts the place on a line of
 * its own under them (else all on one wrapping line).
 */
export function AddressSection({
  titleId,
  addresses,
  stacked = false,
}: {
  titleId: string;
  addresses: MemberAddress[];
  stacked?: boolean;
}) {
  return (
    <section aria-labelledby={titleId}>
      <Typography.Title id={titleId} level={5}>
        收货地址（{addresses.length}）
      </Typography.Title>
      <List<MemberAddress>
        size="small"
        bordered
        dataSource={addresses}
        locale={{ emptyText: '暂无收货地址' }}
        renderItem={(a) => {
          const receiver = (
            <>
              <Typography.Text strong>{a.name}</Typography.Text>
              <Typography.Text type="secondary">{a.phone}</Typography.Text>
              {a.is_default ? <Tag color="blue">默认</Tag> : null}
            </>
          );
          return (
            <List.Item>
              {stacked ? (
                <Flex vertical gap={2}>
                  <Flex gap={8} align="center">
                    {receiver}
                  </Flex>
                  <span>{addressPlace(a)}</span>
                </Flex>
              ) : (
                <Flex gap={8} align="center" wrap>
                  {receiver}
                  <span>{addressPlace(a)}</span>
                </Flex>
              )}
            </List.Item>
          );
        }}
      />
    </section>
  );
}
