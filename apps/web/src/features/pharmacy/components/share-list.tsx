import { PlusOutlined } from '@ant-design/icons';
import {
  clientMessages,
  isMarketingManager,
  type Share,
  type ShareKind,
  type ShareStatus,
  type ShareTab,
  shareKindLabels,
  shareKinds,
  shareListQuerySchema,
  shareStatusLabels,
  shareTabLabels,
  shareTabs,
} from '@pharmacy/shared';
import { Button, Flex, Form, Input, Select, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { z } from 'zod';
import { copyText } from '../../../components/copy-button';
import { type ListDialog, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast, toast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useShares } from '../api/share-list';
import { useApproveShare } from '../api/share-review';
import { ShareFormDialog } from './share-form-dialog';
import { SharePhoneDialog } from './share-phone-dialog';
import { ShareQrDialog, shareUrl } from './share-qr-dialog';
import { ShareRejectDialog } from './share-reject-dialog';

/** The share tab's URL state: the server's filters plus tab=share (kept so the page stays on this tab). */
export const shareTabQuerySchema = shareListQuerySchema.extend({
  tab: z.literal('share').optional().catch(undefined),
});
type ShareTabQuery = z.infer<typeof shareTabQuerySchema>;

/** The permission name of the managers' actions (审核通过 / 驳回): checked with isMarketingManager(role). */
const REVIEW = 'review';

const statusColors: Record<ShareStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };
const kindColors: Record<ShareKind, string> = { items: 'blue', combo: 'purple', live: 'cyan' };

const columns: ColumnsType<Share> = [
  {
    key: 'title',
    title: '分享标题',
    width: 180,
    render: (_: unknown, s) => (
      <Flex vertical>
        <Typography.Text strong>{s.title}</Typography.Text>
        {s.message ? (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 170, fontSize: 12 }}>
            {s.message}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    key: 'kind',
    title: '类型',
    width: 72,
    render: (_: unknown, s) => <Tag color={kindColors[s.kind]}>{shareKindLabels[s.kind]}</Tag>,
  },
  {
    key: 'summary',
    title: '分享内容',
    render: (_: unknown, s) => (
      <Tooltip title={s.summary}>
        <Typography.Text ellipsis style={{ maxWidth: 220 }}>
          {s.summary}
        </Typography.Text>
      </Tooltip>
    ),
  },
  {
    key: 'recipient_phone',
    title: '被分享人',
    dataIndex: 'recipient_phone',
    width: 112,
    render: (phone: string) => <span style={{ whiteSpace: 'nowrap' }}>{phone}</span>,
  },
  {
    key: 'sharer_name',
    title: '分享人',
    dataIndex: 'sharer_name',
    width: 80,
    render: (name: string) => <span style={{ whiteSpace: 'nowrap' }}>{name}</span>,
  },
  {
    key: 'status',
    title: '状态',
    width: 130,
    render: (_: unknown, s) => (
      <Flex vertical gap={2} align="flex-start">
        <Tag color={statusColors[s.status]}>{shareStatusLabels[s.status]}</Tag>
        {s.status === 'rejected' && s.reject_reason ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {s.reject_reason}
          </Typography.Text>
        ) : null}
        {s.status === 'approved' ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.open_count ? `已打开 ${s.open_count} 次` : '未打开'}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    key: 'created_at',
    title: '创建时间',
    dataIndex: 'created_at',
    width: 150,
    render: (t: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t)}</span>,
  },
];

const positiveId = (id: string | null) => {
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
};

async function copyShareLink(id: number) {
  if (await copyText(shareUrl(id))) toast.success(clientMessages.copySucceeded);
  else toast.error(clientMessages.copyFailed);
}

/**
 * 分享套餐: the member's shares (a manager's: the pharmacy's) with status tabs and counts; 创建分享; the link and QR
 * code of an approved share; 编辑 / 改手机号 for the sharer (and managers); 审核通过 / 驳回 for managers.
 */
export function ShareList() {
  const list = useListPage({ querySchema: shareTabQuerySchema });
  const query = list.query as ShareTabQuery;
  const { data, isFetching } = useShares(query);
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const manager = isMarketingManager(role);
  const approve = useApproveShare();
  const rowOf = (id: string | null) => data?.list.find((s) => String(s.id) === id);
  const canChange = (s: Share) => s.is_mine || manager;

  const rowActions: RowAction<Share>[] = [
    {
      key: 'copy',
      label: '复制链接',
      visible: (s) => s.status === 'approved',
      onClick: (s) => copyShareLink(s.id),
    },
    { key: 'qrcode', label: '二维码', visible: (s) => s.status === 'approved' },
    { key: 'edit', label: '编辑', visible: (s) => canChange(s) && s.status !== 'approved' },
    { key: 'phone', label: '改手机号', visible: canChange },
    {
      key: 'approve',
      label: '审核通过',
      permission: REVIEW,
      visible: (s) => s.status === 'pending',
      confirm: '确定审核通过吗？通过后被分享人即可打开分享。',
      onClick: (s) =>
        approve.mutateAsync(s.id).then(
          () => dialogToast.success('已审核通过'),
          () => undefined,
        ),
    },
    { key: 'reject', label: '驳回', permission: REVIEW, danger: true, visible: (s) => s.status === 'pending' },
  ];

  const dialogs: Record<string, ListDialog> = {
    create: { render: ({ close }) => <ShareFormDialog id={null} onClose={close} /> },
    edit: {
      render: ({ id, close }) => {
        const n = positiveId(id);
        return n ? <ShareFormDialog id={n} onClose={close} /> : null;
      },
    },
    phone: {
      render: ({ id, close }) => {
        const row = rowOf(id);
        return row ? <SharePhoneDialog share={row} onClose={close} /> : null;
      },
    },
    qrcode: {
      render: ({ id, close }) => {
        const n = positiveId(id);
        return n ? <ShareQrDialog id={n} title={rowOf(id)?.title ?? `分享 ${n}`} onClose={close} /> : null;
      },
    },
    reject: {
      permission: REVIEW,
      render: ({ id, close }) => {
        const row = rowOf(id);
        return row ? <ShareRejectDialog share={row} onClose={close} /> : null;
      },
    },
  };

  const counts = data?.counts;
  return (
    <>
      <Tabs
        activeKey={query.status}
        onChange={(key) => list.setQuery({ status: key as ShareTab })}
        items={shareTabs.map((tab) => ({
          key: tab,
          label: counts ? `${shareTabLabels[tab]}（${counts[tab]}）` : shareTabLabels[tab],
        }))}
      />
      <ListPage<Share, ShareTabQuery>
        label="分享套餐列表"
        list={list}
        scope={(permission) => (permission === REVIEW ? manager : true)}
        filters={
          <>
            <Form.Item name="keyword" label="关键词">
              <Input allowClear maxLength={50} placeholder="标题 / 手机号或后 4 位" style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="kind" label="类型">
              <Select
                allowClear
                placeholder="全部类型"
                style={{ width: 120 }}
                options={shareKinds.map((k) => ({ value: k, label: shareKindLabels[k] }))}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openAction('create')}>
              创建分享
            </Button>
            <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
              {manager
                ? '本店全部分享；待审核的分享可审核通过或驳回'
                : '我创建的分享；经理审核通过后可复制链接发给顾客'}
            </Typography.Text>
          </>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={200}
        dialogs={dialogs}
      />
    </>
  );
}
