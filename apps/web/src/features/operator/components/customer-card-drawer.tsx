import {
  type AdminCustomerCard,
  type AdminCustomerMembership,
  adminCustomerComplaintStatusLabels,
  adminCustomerComplaintTargetLabels,
  familyRelationLabel,
  genderLabels,
  type MemberAddress,
  type MemberFamily,
  memberLevelLabel,
  operatorKeys,
  orderStatusLabels,
  recipeStatusLabels,
} from '@pharmacy/shared';
import { Alert, Avatar, Button, Descriptions, Drawer, Flex, Skeleton, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CardTable } from '../../../components/member-card/member-card-sections';
import { useAdminPermission } from '../../../components/permission-gate';
import { formatDateTime } from '../../../lib/format';
import { useAdminCustomerCard } from '../api/customer-card';
import { useRevealAdminCustomerPhone } from '../api/customer-phone';

const label = (labels: Record<string, string>, key: string) => labels[key] ?? key;
const nowrap = { whiteSpace: 'nowrap' } as const;
const time = (t: string | null) => (t ? <span style={nowrap}>{formatDateTime(t)}</span> : '-');
const tags = (values: string[]) =>
  values.length ? (
    <Flex gap={4} wrap>
      {values.map((v) => (
        <Tag key={v} style={{ marginInlineEnd: 0 }}>
          {v}
        </Tag>
      ))}
    </Flex>
  ) : (
    '-'
  );

const membershipColumns: ColumnsType<AdminCustomerMembership> = [
  { key: 'pharmacy', title: '药店', dataIndex: 'pharmacy_name' },
  {
    key: 'level',
    title: '会员等级',
    width: 100,
    render: (_, m) => (m.member ? memberLevelLabel(m.member.level) : <Tag>非会员</Tag>),
  },
  { key: 'points', title: '积分', width: 70, align: 'right', render: (_, m) => m.member?.points ?? '-' },
  { key: 'joined_at', title: '入会时间', width: 150, render: (_, m) => time(m.member?.joined_at ?? null) },
  {
    key: 'owner',
    title: '负责人',
    width: 90,
    render: (_, m) => (m.crm ? (m.crm.owner_name ?? <Tag>未分配</Tag>) : '-'),
  },
  { key: 'tags', title: '标签', render: (_, m) => tags([...(m.member?.tags ?? []), ...(m.crm?.tags ?? [])]) },
  {
    key: 'channel',
    title: '来源渠道',
    width: 110,
    render: (_, m) => (m.crm ? (m.crm.channel_name ?? (m.crm.source || '自然到店')) : '-'),
  },
  { key: 'contact', title: '最近联系', width: 150, render: (_, m) => (m.crm ? time(m.crm.last_contact_at) : '-') },
];

const familyColumns: ColumnsType<MemberFamily> = [
  {
    key: 'name',
    title: '姓名',
    dataIndex: 'name',
    render: (n: string, f) => (
      <Flex gap={4} align="center">
        {n}
        {f.is_default ? <Tag color="blue">默认</Tag> : null}
      </Flex>
    ),
  },
  { key: 'relation', title: '关系', dataIndex: 'relation', width: 80, render: (r: string) => familyRelationLabel(r) },
  {
    key: 'gender',
    title: '性别',
    dataIndex: 'gender',
    width: 60,
    render: (g: MemberFamily['gender']) => (g ? genderLabels[g] : '-'),
  },
  { key: 'age', title: '年龄', dataIndex: 'age', width: 60, render: (a: number | null) => a ?? '-' },
  { key: 'id_number', title: '身份证号', dataIndex: 'id_number', render: (v: string) => v || '-' },
  { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130, render: (v: string) => v || '-' },
  {
    key: 'history',
    title: '过敏史',
    dataIndex: 'allergy_history',
    render: (v: string[]) => (v.length ? v.join('、') : '无'),
  },
];

const addressColumns: ColumnsType<MemberAddress> = [
  {
    key: 'name',
    title: '收货人',
    dataIndex: 'name',
    width: 110,
    render: (n: string, d) => (
      <Flex gap={4} align="center">
        {n}
        {d.is_default ? <Tag color="blue">默认</Tag> : null}
      </Flex>
    ),
  },
  { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130 },
  {
    key: 'address',
    title: '地址',
    render: (_, d) => `${d.province}${d.city}${d.district}${d.detail}`,
  },
];

const orderColumns: ColumnsType<AdminCustomerCard['orders'][number]> = [
  { key: 'order_no', title: '订单号', dataIndex: 'order_no', render: (v: string) => <span style={nowrap}>{v}</span> },
  { key: 'pharmacy', title: '药店', dataIndex: 'pharmacy_name' },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: string) => label(orderStatusLabels, s),
  },
  {
    key: 'pay_amount',
    title: '实付金额',
    dataIndex: 'pay_amount',
    width: 100,
    align: 'right',
    render: (v: string) => `¥${v}`,
  },
  { key: 'created_at', title: '下单时间', dataIndex: 'created_at', width: 150, render: time },
];

const recipeColumns: ColumnsType<AdminCustomerCard['prescriptions'][number]> = [
  {
    key: 'recipe_no',
    title: '处方编号',
    dataIndex: 'recipe_no',
    render: (v: string) => <span style={nowrap}>{v}</span>,
  },
  { key: 'patient', title: '患者', dataIndex: 'patient_name', width: 80 },
  { key: 'doctor', title: '医生', dataIndex: 'doctor_name', width: 80, render: (v: string) => v || '-' },
  { key: 'pharmacy', title: '药店', dataIndex: 'pharmacy_name' },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: string) => label(recipeStatusLabels, s),
  },
  { key: 'created_at', title: '开具时间', dataIndex: 'created_at', width: 150, render: time },
];

const complaintColumns: ColumnsType<AdminCustomerCard['complaints'][number]> = [
  {
    key: 'target',
    title: '投诉对象',
    dataIndex: 'target_kind',
    width: 90,
    render: (k: string) => label(adminCustomerComplaintTargetLabels, k),
  },
  { key: 'pharmacy', title: '药店', dataIndex: 'pharmacy_name', render: (v: string | null) => v ?? '-' },
  { key: 'category', title: '类别', dataIndex: 'category', width: 100, render: (v: string) => v || '-' },
  { key: 'content', title: '内容', dataIndex: 'content', ellipsis: true },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 80,
    render: (s: string) => (
      <Tag color={s === 'pending' ? 'orange' : s === 'processed' ? 'green' : 'default'}>
        {label(adminCustomerComplaintStatusLabels, s)}
      </Tag>
    ),
  },
  { key: 'created_at', title: '提交时间', dataIndex: 'created_at', width: 150, render: time },
];

function latestNote(count: number, shown: number, what: string) {
  return count > shown ? (
    <Typography.Text type="secondary">
      共 {count} {what}，仅显示最近 {shown} {what}
    </Typography.Text>
  ) : null;
}

/**
 * 会员卡片 (operator): the account, its pharmacies (membership and CRM card side by side), family members,
 * addresses, and its orders, prescriptions and complaints across the platform. Every phone is masked; 查看完整号码
 * asks the server, which records the reveal in the audit log.
 */
export function CustomerCardDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: card, isError, isPending } = useAdminCustomerCard(id);
  const can = useAdminPermission();
  const reveal = useRevealAdminCustomerPhone();
  const [fullPhone, setFullPhone] = useState<string | null>(null);

  const phone = card ? (
    <Flex gap={8} align="center">
      <span>{fullPhone ?? card.phone}</span>
      {can(operatorKeys.viper) && !fullPhone ? (
        <Button
          size="small"
          type="link"
          loading={reveal.isPending}
          onClick={async () => {
            try {
              setFullPhone((await reveal.mutateAsync(id)).phone);
            } catch {
              // shown by the http client
            }
          }}
        >
          查看完整号码
        </Button>
      ) : null}
    </Flex>
  ) : null;

  return (
    <Drawer
      open
      title={card ? `会员卡片 · ${card.name || '未填写'}` : '会员卡片'}
      size={960}
      onClose={onClose}
      destroyOnHidden
    >
      {isError ? (
        <Alert type="error" showIcon title="会员不存在" />
      ) : isPending || !card ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Flex gap={12} align="center" style={{ marginBottom: 8 }}>
            <Avatar size={48} src={card.head_img_url || undefined}>
              {(card.name || '会').slice(0, 1)}
            </Avatar>
            <div>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {card.name || '未填写'}
              </Typography.Title>
              <Typography.Text type="secondary">
                {fullPhone ?? card.phone} · {card.memberships.filter((m) => m.member).length} 家药店的会员
              </Typography.Text>
            </div>
          </Flex>
          <Tabs
            items={[
              {
                key: 'overview',
                label: '概览',
                children: (
                  <Flex vertical gap={16}>
                    <Descriptions size="small" bordered column={2}>
                      <Descriptions.Item label="姓名">{card.name || '未填写'}</Descriptions.Item>
                      <Descriptions.Item label="手机号">{phone}</Descriptions.Item>
                      <Descriptions.Item label="账号状态">
                        {card.status === 'active' ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>}
                      </Descriptions.Item>
                      <Descriptions.Item label="注册时间">{time(card.registered_at)}</Descriptions.Item>
                      <Descriptions.Item label="最近登录">{time(card.last_login_at)}</Descriptions.Item>
                      <Descriptions.Item label="订单数">{card.order_count}</Descriptions.Item>
                      <Descriptions.Item label="消费金额">¥{card.paid_amount}</Descriptions.Item>
                      <Descriptions.Item label="处方数">{card.prescription_count}</Descriptions.Item>
                      <Descriptions.Item label="首次下单">{time(card.first_order_at)}</Descriptions.Item>
                      <Descriptions.Item label="最近下单">{time(card.last_order_at)}</Descriptions.Item>
                    </Descriptions>
                    <Typography.Text strong>所属药店</Typography.Text>
                    <CardTable
                      label="所属药店"
                      columns={membershipColumns}
                      rows={card.memberships}
                      empty="暂无"
                      rowKey="pharmacy_id"
                    />
                    <Typography.Text type="secondary">
                      消费金额为已支付且未取消（退款）的订单实付合计，全平台所有药店。
                    </Typography.Text>
                  </Flex>
                ),
              },
              {
                key: 'family',
                label: `家庭成员（${card.family_members.length}）`,
                children: (
                  <CardTable label="家庭成员" columns={familyColumns} rows={card.family_members} empty="暂无家庭成员" />
                ),
              },
              {
                key: 'addresses',
                label: `收货地址（${card.addresses.length}）`,
                children: (
                  <CardTable label="收货地址" columns={addressColumns} rows={card.addresses} empty="暂无收货地址" />
                ),
              },
              {
                key: 'orders',
                label: `订单（${card.order_count}）`,
                children: (
                  <Flex vertical gap={8}>
                    <CardTable label="订单" columns={orderColumns} rows={card.orders} empty="暂无订单" />
                    {latestNote(card.order_count, card.orders.length, '笔')}
                  </Flex>
                ),
              },
              {
                key: 'recipes',
                label: `处方（${card.prescription_count}）`,
                children: (
                  <Flex vertical gap={8}>
                    <CardTable label="处方" columns={recipeColumns} rows={card.prescriptions} empty="暂无处方" />
                    {latestNote(card.prescription_count, card.prescriptions.length, '张')}
                  </Flex>
                ),
              },
              {
                key: 'complaints',
                label: `投诉（${card.complaint_count}）`,
                children: (
                  <Flex vertical gap={8}>
                    <CardTable label="投诉" columns={complaintColumns} rows={card.complaints} empty="暂无投诉" />
                    {latestNote(card.complaint_count, card.complaints.length, '条')}
                  </Flex>
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
