import { familyRelationLabel, type MemberFamily, memberLevelLabel } from '@pharmacy/shared';
import { Alert, Avatar, Descriptions, Empty, Flex, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../../lib/format';
import { useOrderMember } from '../api/order-member';

const tags = (values: string[], color?: string) =>
  values.length ? (
    values.map((v) => (
      <Tag key={v} color={color}>
        {v}
      </Tag>
    ))
  ) : (
    <Typography.Text type="secondary">无</Typography.Text>
  );

const familyColumns: ColumnsType<MemberFamily> = [
  {
    key: 'name',
    title: '姓名',
    render: (_: unknown, f) => (
      <Flex gap={4} align="center">
        {f.name}
        {f.is_default ? <Tag color="blue">默认</Tag> : null}
      </Flex>
    ),
  },
  { key: 'relation', title: '关系', render: (_: unknown, f) => familyRelationLabel(f.relation) },
  {
    key: 'gender',
    title: '性别',
    render: (_: unknown, f) => (f.gender === 'male' ? '男' : f.gender === 'female' ? '女' : '-'),
  },
  { key: 'age', title: '年龄', render: (_: unknown, f) => (f.age === null ? '-' : `${f.age} 岁`) },
  { key: 'allergy', title: '过敏史', render: (_: unknown, f) => tags(f.allergy_history, 'red') },
  { key: 'past', title: '既往病史', render: (_: unknown, f) => tags(f.past_medical_history, 'geekblue') },
];

/** 会员: the buyer of the order, their orders at this pharmacy and their member card here. */
export function OrderMemberDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, isError, isPending } = useOrderMember(id);
  return (
    <Modal open title="下单会员" footer={null} onCancel={onClose} destroyOnHidden width={760}>
      {isError ? (
        <Alert type="error" showIcon title="订单不存在或已删除" />
      ) : isPending || !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={12} align="center">
            <Avatar size={48} src={data.member?.head_img_url || undefined}>
              {(data.buyer.name || '客').slice(0, 1)}
            </Avatar>
            <div>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {data.buyer.name || '未填写姓名'}
              </Typography.Title>
              <Typography.Text type="secondary">{data.buyer.phone}</Typography.Text>
            </div>
          </Flex>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              { key: 'orders', label: '本店订单', children: `${data.order_count} 单` },
              { key: 'paid', label: '本店消费', children: `¥${data.paid_amount}` },
              ...(data.member
                ? [
                    {
                      key: 'level',
                      label: '会员等级',
                      children: memberLevelLabel(data.member.level),
                    },
                    { key: 'points', label: '积分', children: data.member.points.toLocaleString('zh-CN') },
                    { key: 'channel', label: '渠道', children: data.member.channel_name ?? '自然到店' },
                    { key: 'joined', label: '入会时间', children: formatDateTime(data.member.joined_at) },
                    { key: 'tags', label: '标签', span: 2, children: tags(data.member.tags) },
                    { key: 'remark', label: '备注', span: 2, children: data.member.remark || '-' },
                  ]
                : []),
            ]}
          />
          {data.member ? (
            <Table<MemberFamily>
              aria-label="家庭成员"
              size="small"
              rowKey="id"
              title={() => `家庭成员（${data.member?.family_members.length ?? 0}）`}
              columns={familyColumns}
              dataSource={data.member.family_members}
              pagination={false}
              locale={{ emptyText: '暂无家庭成员' }}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该顾客还不是本店会员" />
          )}
        </Flex>
      )}
    </Modal>
  );
}
