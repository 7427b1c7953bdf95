import {
  type CustomerCard,
  type CustomerFollowUp,
  chatConversationStatusLabels,
  enrollmentSourceLabels,
  followUpMethodLabels,
  isMarketingManager,
  type MemberFamily,
  memberLevelLabel,
  orderKindLabels,
  orderStatusLabels,
  recipeStatusLabels,
  taskKindLabels,
  taskStatusLabels,
} from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  List,
  Popconfirm,
  Statistic,
  Tabs,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  AddressSection,
  CardHeader,
  CardTable,
  FamilySection,
  familyColumns as familyBaseColumns,
  NotesText,
  WhenLoaded,
} from '../../../components/member-card/member-card-sections';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useCustomerCard } from '../api/customer-card';
import { useFollowUps } from '../api/customer-follow-up';
import { customerKeys } from '../api/customer-keys';
import { useRevealCustomerPhone } from '../api/customer-phone';
import { useAssignCustomerOwner } from '../api/customer-update';
import { CustomerEditDialog } from './customer-edit-dialog';
import { CustomerFollowUpDialog } from './customer-follow-up-dialog';
import { CustomerOwnerDialog } from './customer-owner-dialog';
import { CustomerTags, daysSince } from './customer-tags';
import { TaskCreateDialog } from './task-create-dialog';

type Row<K extends keyof CustomerCard> = CustomerCard[K] extends (infer T)[] ? T : never;

const label = (labels: Record<string, string>, v: string) => labels[v] ?? v;

/** 1 小时 5 分 / 12 分 30 秒 */
export function formatWatchTime(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h) return `${h} 小时 ${m} 分`;
  if (m) return `${m} 分${s ? ` ${s} 秒` : ''}`;
  return `${s} 秒`;
}

const familyColumns: ColumnsType<MemberFamily> = [
  ...familyBaseColumns,
  {
    key: 'histories',
    title: '过敏史 / 病史',
    render: (_: unknown, f) => {
      const all = [...f.allergy_history, ...f.past_medical_history, ...f.family_medical_history];
      return <CustomerTags values={all} empty="无" color="orange" />;
    },
  },
];

const orderColumns: ColumnsType<Row<'orders'>> = [
  {
    key: 'order_no',
    title: '订单号',
    dataIndex: 'order_no',
    render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
  },
  {
    key: 'items',
    title: '商品',
    render: (_: unknown, o) => (o.item_count > 1 ? `${o.first_item} 等 ${o.item_count} 件` : o.first_item || '-'),
  },
  { key: 'kind', title: '类型', dataIndex: 'kind', width: 90, render: (k: string) => label(orderKindLabels, k) },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: string) => (
      <Tag color={s === 'cancelled' ? 'default' : s === 'completed' ? 'green' : 'blue'}>
        {label(orderStatusLabels, s)}
      </Tag>
    ),
  },
  {
    key: 'pay_amount',
    title: '金额',
    dataIndex: 'pay_amount',
    width: 100,
    align: 'right',
    render: (v: string) => `¥${v}`,
  },
  { key: 'created_at', title: '下单时间', dataIndex: 'created_at', width: 150, render: formatDateTime },
];

const recipeColumns: ColumnsType<Row<'prescriptions'>> = [
  { key: 'recipe_no', title: '处方编号', dataIndex: 'recipe_no' },
  { key: 'patient_name', title: '用药人', dataIndex: 'patient_name', width: 90 },
  {
    key: 'diagnoses',
    title: '诊断',
    dataIndex: 'diagnoses',
    render: (d: string[]) => <CustomerTags values={d} empty="-" color="geekblue" />,
  },
  { key: 'doctor_name', title: '医生', dataIndex: 'doctor_name', width: 90, render: (v: string) => v || '-' },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 100,
    render: (s: string) => <Tag>{label(recipeStatusLabels, s)}</Tag>,
  },
  { key: 'created_at', title: '开具时间', dataIndex: 'created_at', width: 150, render: formatDateTime },
];

const taskColumns: ColumnsType<Row<'tasks'>> = [
  { key: 'title', title: '任务', dataIndex: 'title' },
  { key: 'kind', title: '类型', dataIndex: 'kind', width: 90, render: (k: string) => label(taskKindLabels, k) },
  {
    key: 'assignee_name',
    title: '执行人',
    dataIndex: 'assignee_name',
    width: 90,
    render: (v: string | null) => v ?? '-',
  },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: string) => <Tag>{label(taskStatusLabels, s)}</Tag>,
  },
  {
    key: 'due_at',
    title: '截止时间',
    dataIndex: 'due_at',
    width: 160,
    render: (v: string, t) => {
      const overdue = (t.status === 'pending' || t.status === 'in_progress') && new Date(v).getTime() < Date.now();
      return overdue ? (
        <Typography.Text type="danger">{formatDateTime(v)}（已逾期）</Typography.Text>
      ) : (
        formatDateTime(v)
      );
    },
  },
];

function FollowUpTimeline({ id, fallback }: { id: number; fallback: CustomerFollowUp[] }) {
  const { data } = useFollowUps(id);
  const rows = data ?? fallback;
  if (!rows.length) return <Empty description="暂无跟进记录" />;
  return (
    <Timeline
      items={rows.map((f) => ({
        key: f.id,
        children: (
          <Flex vertical gap={2}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{formatDateTime(f.contacted_at)}</Typography.Text>
              <Tag>{followUpMethodLabels[f.method]}</Tag>
              <Typography.Text type="secondary">{f.author_name ?? '-'}</Typography.Text>
            </Flex>
            <span style={{ whiteSpace: 'pre-wrap' }}>{f.content}</span>
            {f.next_follow_up_at ? (
              <Typography.Text type="secondary">下次跟进：{formatDateTime(f.next_follow_up_at)}</Typography.Text>
            ) : null}
          </Flex>
        ),
      }))}
    />
  );
}

function Overview({ card, phone }: { card: CustomerCard; phone: ReactNode }) {
  const days = card.last_contact_at ? daysSince(card.last_contact_at) : null;
  return (
    <Flex vertical gap={20}>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'phone', label: '手机号', children: phone },
          { key: 'level', label: '会员等级', children: card.level === null ? '-' : memberLevelLabel(card.level) },
          { key: 'channel', label: '来源渠道', children: card.channel_name ?? '自然到店' },
          { key: 'source', label: '来源', children: card.source || '-' },
          {
            key: 'owner',
            label: '负责人',
            children: card.owner_name ?? <Tag>未分配</Tag>,
          },
          {
            key: 'last',
            label: '最近联系',
            children: card.last_contact_at ? (
              <span>
                {formatDateTime(card.last_contact_at)}
                {days !== null && days >= 30 ? (
                  <Typography.Text
                    type={days >= 90 ? 'danger' : undefined}
                    style={days >= 90 ? undefined : { color: '#874d00' }}
                  >
                    （{days} 天未联系）
                  </Typography.Text>
                ) : null}
              </span>
            ) : (
              <Typography.Text type="secondary">从未联系</Typography.Text>
            ),
          },
          { key: 'created', label: '成为客户', children: formatDateTime(card.created_at) },
          { key: 'points', label: '积分', children: card.points === null ? '-' : card.points.toLocaleString('zh-CN') },
          { key: 'tags', label: '标签', span: 2, children: <CustomerTags values={card.tags} empty="暂无标签" /> },
          { key: 'notes', label: '备注', span: 2, children: <NotesText notes={card.notes} /> },
        ]}
      />
      <Flex gap={32} wrap>
        <Statistic title="订单" value={card.order_count} suffix="笔" />
        <Statistic title="跟进" value={card.follow_up_count} suffix="次" />
        <Statistic title="直播观看" value={formatWatchTime(card.live.total_seconds)} />
        <Statistic title="未完成任务" value={card.task_open_count} suffix="个" />
      </Flex>
      <FamilySection titleId="customer-family-title" members={card.family_members} columns={familyColumns} />
      <AddressSection titleId="customer-address-title" addresses={card.addresses} />
    </Flex>
  );
}

function LiveTab({ live }: { live: CustomerCard['live'] }) {
  return (
    <Flex vertical gap={20}>
      <Statistic title="累计观看时长" value={formatWatchTime(live.total_seconds)} />
      <CardTable
        label="观看记录"
        rowKey="live_id"
        rows={live.watches}
        empty="暂无观看记录"
        columns={[
          { key: 'title', title: '直播', dataIndex: 'title' },
          {
            key: 'seconds',
            title: '观看时长',
            dataIndex: 'seconds',
            width: 130,
            render: (s: number) => formatWatchTime(s),
          },
          { key: 'last', title: '最近观看', dataIndex: 'last_watched_at', width: 160, render: formatDateTime },
        ]}
      />
      <CardTable
        label="报名记录"
        rowKey="period_id"
        rows={live.enrollments}
        empty="暂无报名"
        columns={[
          { key: 'column', title: '专栏', dataIndex: 'column_title' },
          { key: 'period', title: '期次', dataIndex: 'period_name' },
          {
            key: 'source',
            title: '报名方式',
            dataIndex: 'source',
            width: 100,
            render: (s: string) => label(enrollmentSourceLabels, s),
          },
          { key: 'at', title: '报名时间', dataIndex: 'created_at', width: 160, render: formatDateTime },
        ]}
      />
      <CardTable
        label="考试成绩"
        rowKey="live_id"
        rows={live.exams}
        empty="暂无考试成绩"
        columns={[
          { key: 'title', title: '直播', dataIndex: 'title' },
          {
            key: 'score',
            title: '成绩',
            width: 100,
            render: (_: unknown, x) => `${x.score} / ${x.total_score}`,
          },
          { key: 'at', title: '提交时间', dataIndex: 'submitted_at', width: 160, render: formatDateTime },
        ]}
      />
    </Flex>
  );
}

type Dialog = 'edit' | 'owner' | 'follow' | 'task' | null;

/**
 * 客户卡片: one customer's CRM card in tabs (概览 / 跟进记录 / 订单 / 处方 / 聊天 / 直播 / 任务) with 添加跟进, 新建任务,
 * 代下单, 分配负责人 (managers; customer service 认领 an unowned customer or 放弃 their own) and 编辑 (the owner or a
 * manager, who may also reveal the full phone: each reveal is audited).
 */
export function CustomerCardDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: card, isError } = useCustomerCard(id);
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  const me = useSessionStore((s) => s.userInfo?.id ?? null);
  const manager = isMarketingManager(role);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reveal = useRevealCustomerPhone();
  const assign = useAssignCustomerOwner();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [fullPhone, setFullPhone] = useState<string | null>(null);
  const close = () => setDialog(null);

  const take = async (owner: number | null) => {
    try {
      await assign.mutateAsync({ id, owner });
      dialogToast.success(owner === null ? '已放弃负责该客户' : '已认领该客户');
    } catch {
      // the failure's message is shown by the http client
    }
  };

  const phone = card ? (
    <Flex gap={8} align="center">
      <span>{fullPhone ?? card.phone}</span>
      {card.can_edit && !fullPhone ? (
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

  const ownerButton = !card ? null : manager ? (
    <Button onClick={() => setDialog('owner')}>分配负责人</Button>
  ) : card.owner_account_id === null ? (
    <Button loading={assign.isPending} onClick={() => void take(me)}>
      认领客户
    </Button>
  ) : card.owner_account_id === me ? (
    <Popconfirm title="确定不再负责该客户？" okText="确定" cancelText="取消" onConfirm={() => take(null)}>
      <Button loading={assign.isPending}>放弃负责</Button>
    </Popconfirm>
  ) : null;

  return (
    <Drawer
      open
      title={card ? `客户卡片 · ${card.name}` : '客户卡片'}
      size={920}
      onClose={onClose}
      destroyOnHidden
      extra={
        card ? (
          <Flex gap={8} wrap>
            <Button type="primary" onClick={() => setDialog('follow')}>
              添加跟进
            </Button>
            <Button onClick={() => setDialog('task')}>新建任务</Button>
            <Button onClick={() => navigate(`/marketManage/substituteOrder?customer=${card.account_id}`)}>
              代下单
            </Button>
            {ownerButton}
            {card.can_edit ? <Button onClick={() => setDialog('edit')}>编辑</Button> : null}
          </Flex>
        ) : null
      }
    >
      <WhenLoaded data={card} isError={isError} errorTitle="客户不存在或已无权查看" skeletonRows={10}>
        {(card) => (
          <>
            <CardHeader
              name={card.name}
              headImgUrl={card.head_img_url}
              subtitle={
                <>
                  {fullPhone ?? card.phone} · 负责人：{card.owner_name ?? '未分配'}
                </>
              }
              marginBottom={8}
            />
            <Tabs
              items={[
                { key: 'overview', label: '概览', children: <Overview card={card} phone={phone} /> },
                {
                  key: 'follow',
                  label: `跟进记录（${card.follow_up_count}）`,
                  children: <FollowUpTimeline id={id} fallback={card.follow_ups} />,
                },
                {
                  key: 'orders',
                  label: `订单（${card.order_count}）`,
                  children: (
                    <Flex vertical gap={8}>
                      <CardTable label="订单" rows={card.orders} columns={orderColumns} empty="暂无订单" />
                      {card.order_count > card.orders.length ? (
                        <Typography.Text type="secondary">仅显示最近 {card.orders.length} 笔订单</Typography.Text>
                      ) : null}
                    </Flex>
                  ),
                },
                {
                  key: 'recipes',
                  label: `处方（${card.prescriptions.length}）`,
                  children: (
                    <CardTable label="处方" rows={card.prescriptions} columns={recipeColumns} empty="暂无处方" />
                  ),
                },
                {
                  key: 'chats',
                  label: `聊天（${card.chats.length}）`,
                  children: (
                    <List
                      bordered
                      size="small"
                      dataSource={card.chats}
                      locale={{ emptyText: '暂无聊天' }}
                      renderItem={(c) => (
                        <List.Item>
                          <Flex vertical gap={2} style={{ width: '100%' }}>
                            <Flex gap={8} align="center" wrap>
                              <Tag color={c.status === 'open' ? 'green' : 'default'}>
                                {label(chatConversationStatusLabels, c.status)}
                              </Tag>
                              <Typography.Text type="secondary">接待：{c.assignee_name ?? '待接入'}</Typography.Text>
                              <Typography.Text type="secondary">
                                最后消息：{formatDateTime(c.last_message_at)}
                              </Typography.Text>
                            </Flex>
                            <Typography.Text ellipsis>{c.last_message_preview || '（无消息）'}</Typography.Text>
                          </Flex>
                        </List.Item>
                      )}
                    />
                  ),
                },
                { key: 'live', label: '直播', children: <LiveTab live={card.live} /> },
                {
                  key: 'tasks',
                  label: `任务（${card.task_open_count}/${card.task_count}）`,
                  children: <CardTable label="任务" rows={card.tasks} columns={taskColumns} empty="暂无任务" />,
                },
              ]}
            />
          </>
        )}
      </WhenLoaded>
      {dialog === 'edit' ? <CustomerEditDialog id={id} onClose={close} /> : null}
      {dialog === 'owner' ? <CustomerOwnerDialog id={id} onClose={close} /> : null}
      {dialog === 'follow' ? <CustomerFollowUpDialog id={id} onClose={close} /> : null}
      {card ? (
        <TaskCreateDialog
          open={dialog === 'task'}
          onClose={close}
          customer={{ account_id: card.account_id, name: card.name }}
          onCreated={() => void queryClient.invalidateQueries({ queryKey: customerKeys.pharmacy(pharmacyId) })}
        />
      ) : null}
    </Drawer>
  );
}
