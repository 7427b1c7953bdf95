import { PlusOutlined } from '@ant-design/icons';
import {
  isMarketingManager,
  type TaskListQuery,
  type TaskSummary,
  taskActionsFor,
  taskFlow,
  taskListQuerySchema,
} from '@pharmacy/shared';
import { Button, Flex, Form, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import {
  PlatformTaskTag,
  TaskCustomerFilter,
  TaskDueDateRange,
  TaskKindFilter,
  TaskOverdueFilter,
  TaskStatusTabs,
  TaskTitleButton,
  taskColumns,
} from '../../../components/task';
import { dialogToast } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { useTaskFlow } from '../api/task-mutations';
import { useTaskStaffOptions, useTasks } from '../api/task-queries';
import { TaskCreateDialog } from './task-create-dialog';
import { TaskDetailDrawer } from './task-detail-drawer';
import { TaskTextDialog } from './task-text-dialog';

function columnsFor(openDetail: (r: TaskSummary) => void): ColumnsType<TaskSummary> {
  return taskColumns<TaskSummary>({
    title: {
      key: 'title',
      title: '任务',
      render: (_, r) => (
        <Flex gap={4} align="center" wrap>
          {r.origin === 'platform' ? <PlatformTaskTag /> : null}
          <TaskTitleButton task={r} onOpen={() => openDetail(r)} />
        </Flex>
      ),
    },
    customerWidth: 170,
    assigneeWidth: 100,
  });
}

/** `?create=1&customer=<account id>&conversation=<id>` (the chat's and the card's link): the create dialog prefilled. */
function useCreateLink() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('create') === '1';
  const customer = Number(params.get('customer')) || undefined;
  const conversation = Number(params.get('conversation')) || undefined;
  /** Drops the link's keys; with the new task's id, opens its drawer instead. */
  const clear = (createdId?: number) => {
    const next = new URLSearchParams(params);
    for (const k of ['create', 'customer', 'conversation']) next.delete(k);
    if (createdId !== undefined) {
      next.set('action', 'detail');
      next.set('id', String(createdId));
    }
    setParams(next, { replace: createdId === undefined });
  };
  return { wanted, customer, conversation, clear };
}

/**
 * 任务列表: the tasks by status tab (with counts), filtered by kind, assignee, customer, due dates and 已逾期; overdue
 * ones in red; the detail drawer with the log; 开始处理 / 完成 / 取消任务 on the rows the caller may act on (the
 * assignee or a manager, as the server checks); 新建任务. `?id=` opens a task's drawer (the assignee's message
 * links there); `?create=1&customer=&conversation=` opens the create dialog prefilled.
 */
export function TaskList() {
  const list = useListPage({ querySchema: taskListQuerySchema });
  const query = list.query as TaskListQuery;
  const { data, isFetching } = useTasks(query);
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const meId = useSessionStore((s) => s.userInfo?.id ?? null);
  const manager = isMarketingManager(role);
  const staff = useTaskStaffOptions();
  const flow = useTaskFlow();
  const counts = data?.counts;
  const link = useCreateLink();
  const [createFromLink, setCreateFromLink] = useState(false);
  const createdFromLink = useRef<number | undefined>(undefined);
  const columns = useMemo(() => columnsFor((r) => list.openAction('detail', r.id)), [list]);

  // ?id=<task> (a message's link) opens the drawer
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const id = params.get('id');
    if (id && !params.get('action')) {
      const next = new URLSearchParams(params);
      next.set('action', 'detail');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);
  useEffect(() => {
    if (link.wanted) setCreateFromLink(true);
  }, [link.wanted]);

  const mayAct = (r: TaskSummary) => manager || r.assignee.account_id === meId;
  const start = async (r: TaskSummary) => {
    try {
      await flow.mutateAsync({ id: r.id, action: 'start' });
      dialogToast.success('已开始处理');
    } catch {
      // 409 / 403 shown by the HTTP layer
    }
  };
  const rowActions: RowAction<TaskSummary>[] = [
    { key: 'detail', label: '详情' },
    {
      key: 'start',
      label: taskFlow.start.label,
      visible: (r) => mayAct(r) && taskActionsFor(r.status).includes('start'),
      confirm: '开始处理该任务？',
      onClick: start,
    },
    { key: 'done', label: taskFlow.done.label, visible: (r) => mayAct(r) && taskActionsFor(r.status).includes('done') },
    {
      key: 'cancel',
      label: taskFlow.cancel.label,
      danger: true,
      visible: (r) => mayAct(r) && taskActionsFor(r.status).includes('cancel'),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <TaskStatusTabs active={query.status} counts={counts} onChange={(status) => list.setQuery({ status })} />
      <ListPage<TaskSummary, TaskListQuery>
        label="任务列表"
        list={list}
        scope={() => true}
        filters={
          <>
            <TaskCustomerFilter />
            <TaskKindFilter />
            <Form.Item name="assignee_account_id" label="负责人">
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="全部"
                style={{ width: 130 }}
                options={(staff.data ?? []).map((s) => ({ value: s.account_id, label: s.name }))}
              />
            </Form.Item>
            <TaskDueDateRange />
            <TaskOverdueFilter count={counts?.overdue} />
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openAction('create')}>
            新建任务
          </Button>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={220}
        dialogs={{
          create: {
            render: ({ close }) => (
              <TaskCreateDialog open onClose={close} onCreated={(id) => list.openAction('detail', id)} />
            ),
          },
          detail: { render: ({ id, close }) => <TaskDetailDrawer id={Number(id)} onClose={close} /> },
          done: { render: ({ id, close }) => <TaskTextDialog id={Number(id)} action="done" onClose={close} /> },
          cancel: { render: ({ id, close }) => <TaskTextDialog id={Number(id)} action="cancel" onClose={close} /> },
        }}
      />
      <TaskCreateDialog
        open={createFromLink}
        defaultCustomerId={link.customer}
        conversationId={link.conversation}
        onCreated={(id) => {
          createdFromLink.current = id;
        }}
        onClose={() => {
          setCreateFromLink(false);
          link.clear(createdFromLink.current);
          createdFromLink.current = undefined;
        }}
      />
    </Flex>
  );
}
