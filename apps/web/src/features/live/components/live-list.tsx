import { PlusOutlined } from '@ant-design/icons';
import {
  canManageLive,
  type LiveFlowAction,
  type LiveListQuery,
  type LiveSummary,
  type LiveTab,
  liveActionsFor,
  liveFlow,
  liveFlowActions,
  liveListQuerySchema,
  liveStatusLabels,
  liveTabs,
} from '@pharmacy/shared';
import { Button, DatePicker, Flex, Form, Input, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useLives } from '../api/live-list';
import { useRemoveLive } from '../api/live-save';
import { LiveDetailDrawer } from './live-detail-drawer';
import { flowConfirmTexts, useRunLiveFlow } from './live-flow-buttons';
import { LiveEditDialog, LiveFormDialog } from './live-form-dialog';
import { LiveCover, LiveStatusTag } from './live-status-tag';
import { LiveSyncDialog } from './live-sync-dialog';

const tabLabels: Record<LiveTab, string> = { all: '全部', ...liveStatusLabels };
/** The permission name row actions and dialogs use for writes: checked with canManageLive(role). */
const MANAGE = 'live_manage';

/** The start-date range filter: two hidden fields (date_from, date_to) the range picker fills, so 重置 clears them. */
function StartDateRange() {
  return (
    <>
      <Form.Item name="date_from" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="date_to" hidden>
        <Input />
      </Form.Item>
      <Form.Item label="开始日期" shouldUpdate={(a, b) => a.date_from !== b.date_from || a.date_to !== b.date_to}>
        {(form) => {
          const from = form.getFieldValue('date_from') as string | undefined;
          const to = form.getFieldValue('date_to') as string | undefined;
          return (
            <DatePicker.RangePicker
              aria-label="开始日期"
              allowEmpty={[true, true]}
              placeholder={['开始日期', '结束日期']}
              value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
              onChange={(dates) => {
                const [a, b] = dates ?? [];
                form.setFieldsValue({
                  date_from: a ? a.format('YYYY-MM-DD') : undefined,
                  date_to: b ? b.format('YYYY-MM-DD') : undefined,
                });
              }}
              style={{ width: 260 }}
            />
          );
        }}
      </Form.Item>
    </>
  );
}

function columnsFor(openDetail: (r: LiveSummary) => void): ColumnsType<LiveSummary> {
  return [
    {
      key: 'cover',
      title: '封面',
      width: 112,
      render: (_, r) => <LiveCover src={r.cover_url} title={r.title} width={96} />,
    },
    {
      key: 'title',
      title: '标题',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => openDetail(r)}
          aria-label={`直播详情：${r.title}`}
        >
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.title }} style={{ margin: 0, color: 'inherit' }}>
            {r.title}
          </Typography.Paragraph>
        </Button>
      ),
    },
    { key: 'lecturer', title: '讲师', width: 110, render: (_, r) => r.lecturer },
    {
      key: 'start_at',
      title: '开始时间',
      width: 150,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, r) => formatDateTime(r.start_at),
    },
    { key: 'status', title: '状态', width: 90, render: (_, r) => <LiveStatusTag status={r.status} /> },
    {
      key: 'quote_set',
      title: '套餐',
      width: 150,
      render: (_, r) =>
        r.quote_set_name ? (
          <Typography.Text ellipsis={{ tooltip: r.quote_set_name }} style={{ maxWidth: 140 }}>
            {r.quote_set_name}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">未绑定</Typography.Text>
        ),
    },
    { key: 'viewer_count', title: '观看人数', width: 90, align: 'right', render: (_, r) => r.viewer_count },
    { key: 'question_count', title: '题目数', width: 80, align: 'right', render: (_, r) => r.question_count },
  ];
}

/**
 * 课程列表: the pharmacy's lives by status tab (with counts), filtered by title, lecturer and start date; 新建 / 编辑,
 * the detail drawer with its tabs, the flow (发布, 撤回, 开始直播, 结束直播; each asks first), 同步 and 删除 (drafts).
 * Writes show only to the roles that may make them (canManageLive), as the server checks.
 */
export function LiveList() {
  const list = useListPage({ querySchema: liveListQuerySchema });
  const query = list.query as LiveListQuery;
  const { data, isFetching } = useLives(query);
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const canManage = canManageLive(role);
  const remove = useRemoveLive();
  const { run } = useRunLiveFlow();
  const counts = data?.counts;
  const columns = useMemo(() => columnsFor((r) => list.openAction('detail', r.id)), [list]);
  const titleOf = (id: string | null) => data?.list.find((r) => String(r.id) === id)?.title;

  const doRemove = async (id: number) => {
    try {
      await remove.mutateAsync(id);
      dialogToast.success('直播已删除');
      if (list.action) list.closeAction();
    } catch {
      // 409 只能删除草稿 … shown by the HTTP layer
    }
  };

  const flowActions: RowAction<LiveSummary>[] = liveFlowActions.map((action: LiveFlowAction) => ({
    key: action,
    label: liveFlow[action].label,
    permission: MANAGE,
    visible: (r) => liveActionsFor(r.status).includes(action),
    confirm: flowConfirmTexts[action],
    danger: action === 'end',
    onClick: (r) => run(r.id, action),
  }));
  const rowActions: RowAction<LiveSummary>[] = [
    { key: 'detail', label: '详情' },
    { key: 'edit', label: '编辑', permission: MANAGE },
    ...flowActions,
    { key: 'sync', label: '同步', permission: MANAGE },
    {
      key: 'remove',
      label: '删除',
      permission: MANAGE,
      danger: true,
      visible: (r) => r.status === 'draft',
      confirm: '删除后不能恢复，确定删除该直播？',
      onClick: (r) => doRemove(r.id),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={query.status}
        onChange={(status) => list.setQuery({ status: status as LiveTab })}
        items={liveTabs.map((t) => ({
          key: t,
          label: `${tabLabels[t]}${counts ? ` (${counts[t]})` : ''}`,
        }))}
        style={{ marginBottom: -8 }}
      />
      <ListPage<LiveSummary, LiveListQuery>
        label="直播课程列表"
        list={list}
        scope={(permission) => permission !== MANAGE || canManage}
        filters={
          <>
            <Form.Item name="title" label="标题">
              <Input placeholder="直播标题" allowClear maxLength={100} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="lecturer" label="讲师">
              <Input placeholder="讲师姓名" allowClear maxLength={50} style={{ width: 140 }} />
            </Form.Item>
            <StartDateRange />
          </>
        }
        toolbar={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openAction('create')}>
              新建直播
            </Button>
          ) : null
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={200}
        dialogs={{
          create: {
            permission: MANAGE,
            render: ({ close }) => (
              <LiveFormDialog live={null} onClose={close} onSaved={(live) => list.openAction('detail', live.id)} />
            ),
          },
          edit: {
            permission: MANAGE,
            render: ({ id, close }) => <LiveEditDialog id={Number(id)} onClose={close} />,
          },
          sync: {
            permission: MANAGE,
            render: ({ id, close }) => <LiveSyncDialog id={Number(id)} title={titleOf(id)} onClose={close} />,
          },
          detail: {
            render: ({ id, close }) => (
              <LiveDetailDrawer
                id={Number(id)}
                canManage={canManage}
                onClose={close}
                onEdit={(liveId) => list.openAction('edit', liveId)}
                onSync={(liveId) => list.openAction('sync', liveId)}
                onRemove={doRemove}
              />
            ),
          },
        }}
      />
    </Flex>
  );
}
