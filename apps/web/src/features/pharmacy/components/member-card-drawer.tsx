import { familyRelationLabel, genderLabels, type MemberAddress, type MemberFamily } from '@pharmacy/shared';
import { Alert, Avatar, Button, Descriptions, Drawer, Flex, List, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PermissionGate } from '../../../components/permission-gate';
import { formatDateTime } from '../../../lib/format';
import { useMemberCard } from '../api/member-card';
import { MemberLevelTag, MemberTags } from './member-level-tag';

const familyColumns: ColumnsType<MemberFamily> = [
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
  {
    key: 'id_number',
    title: '身份证号',
    dataIndex: 'id_number',
    render: (v: string) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{v || '-'}</span>,
  },
  {
    key: 'allergy_history',
    title: '过敏史',
    dataIndex: 'allergy_history',
    render: (v: string[]) => <MemberTags values={v} color="red" />,
  },
  {
    key: 'family_medical_history',
    title: '家族病史',
    dataIndex: 'family_medical_history',
    render: (v: string[]) => <MemberTags values={v} color="orange" />,
  },
  {
    key: 'past_medical_history',
    title: '既往病史',
    dataIndex: 'past_medical_history',
    render: (v: string[]) => <MemberTags values={v} color="geekblue" />,
  },
];

const placeOf = (a: MemberAddress) =>
  // municipalities repeat the province as the city (上海市上海市): say it once
  `${a.province}${a.city === a.province ? '' : a.city}${a.district} ${a.detail}`;

/** 会员卡片: the member's basic info, family members with their histories, and delivery addresses. */
export function MemberCardDrawer({ id, onClose, onEdit }: { id: number; onClose: () => void; onEdit: () => void }) {
  const { data: card, isError, isPending } = useMemberCard(id);

  return (
    <Drawer
      open
      title="会员卡片"
      size={880}
      onClose={onClose}
      destroyOnHidden
      extra={
        <PermissionGate permission="viper_manage">
          <Button type="primary" onClick={onEdit} disabled={!card}>
            编辑
          </Button>
        </PermissionGate>
      }
    >
      {isError ? (
        <Alert type="error" showIcon title="会员不存在或已无权查看" />
      ) : isPending || !card ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Flex vertical gap={24}>
          <section aria-label="基本信息">
            <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
              <Avatar size={48} src={card.head_img_url || undefined}>
                {card.name.slice(0, 1)}
              </Avatar>
              <div>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {card.name}
                </Typography.Title>
                <Typography.Text type="secondary">{card.phone}</Typography.Text>
              </div>
            </Flex>
            <Descriptions
              size="small"
              bordered
              column={2}
              items={[
                { key: 'phone', label: '手机号', children: card.phone },
                { key: 'level', label: '会员等级', children: <MemberLevelTag level={card.level} /> },
                { key: 'points', label: '积分', children: card.points.toLocaleString('zh-CN') },
                { key: 'channel', label: '渠道', children: card.channel_name ?? '自然到店' },
                { key: 'joined', label: '入会时间', children: formatDateTime(card.joined_at) },
                { key: 'tags', label: '标签', children: <MemberTags values={card.tags} empty="暂无标签" /> },
                {
                  key: 'remark',
                  label: '备注',
                  span: 2,
                  children: card.remark ? (
                    <span style={{ whiteSpace: 'pre-wrap' }}>{card.remark}</span>
                  ) : (
                    <Typography.Text type="secondary">暂无备注</Typography.Text>
                  ),
                },
              ]}
            />
          </section>
          <section aria-labelledby="member-family-title">
            <Typography.Title id="member-family-title" level={5}>
              家庭成员（{card.family_members.length}）
            </Typography.Title>
            <Table<MemberFamily>
              aria-label="家庭成员"
              size="small"
              rowKey="id"
              columns={familyColumns}
              dataSource={card.family_members}
              pagination={false}
              locale={{ emptyText: '暂无家庭成员' }}
            />
          </section>
          <section aria-labelledby="member-address-title">
            <Typography.Title id="member-address-title" level={5}>
              收货地址（{card.addresses.length}）
            </Typography.Title>
            <List<MemberAddress>
              size="small"
              bordered
              dataSource={card.addresses}
              locale={{ emptyText: '暂无收货地址' }}
              renderItem={(a) => (
                <List.Item>
                  <Flex vertical gap={2}>
                    <Flex gap={8} align="center">
                      <Typography.Text strong>{a.name}</Typography.Text>
                      <Typography.Text type="secondary">{a.phone}</Typography.Text>
                      {a.is_default ? <Tag color="blue">默认</Tag> : null}
                    </Flex>
                    <span>{placeOf(a)}</span>
                  </Flex>
                </List.Item>
              )}
            />
          </section>
          <Typography.Text type="secondary">家庭成员和收货地址由会员本人在小程序中维护，此处仅供查看。</Typography.Text>
        </Flex>
      )}
    </Drawer>
  );
}
