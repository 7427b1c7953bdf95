import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminTaskListQuery,
  type AdminTaskSummary,
  adminTaskListQuerySchema,
  operatorKeys,
  type TaskOrigin,
  taskOriginLabels,
  taskOrigins,
} from '@pharmacy/shared';
import { Button, Flex, Form, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { useAdminPermission } from '../../../components/permission-gate';
import {
  TaskCustomerFilter,
  TaskDueDateRange,
  TaskKindFilter,
  TaskOriginTag,
  TaskOverdueFilter,
  TaskStatusTabs,
  TaskTitleButton,
  taskColumns,
} from '../../../components/task';
import { useAdminTasks } from '../api/task-list';
import { useAdminTaskPharmacies, useAdminTaskStaff } from '../api/task-options';
import { TaskCancelDialog } from './task-cancel-dialog';
import { TaskDetailDrawer } from './task-detail-drawer';
import { TaskFormDialog } from './task-form-dialog';

const KEY = operatorKeys.task;
/** The assignee filter: the chosen pharmacy's staff (disabled until a pharmacy is chosen). */
function AssigneeFilter() {
  return (
    <Form.Item noStyle shouldUpdate={(a, b) => a.pharmacy_id !== b.pharmacy_id}>
      {(form) => <AssigneeSelect pharmacyId={form.getFieldValue('pharmacy_id') as number | undefined} />}
    </Form.Item>
  );
}
function AssigneeSelect({ pharmacyId }: { pharmacyId: number | undefined }) {
  const staff = useAdminTaskStaff(pharmacyId);
  return (
    <Form.Item name="assignee_account_id" label="负责人">
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        disabled={pharmacyId === undefined}
        placeholder={pharmacyId === undefined ? '先选药店' : '全部'}
        style={{ width: 130 }}
        options={(staff.data ?? []).map((s) => ({ value: s.account_id, label: s.name }))}
      />
    </Form.Item>
  );
}

function columnsFor(openDetail: (r: AdminTaskSummary) => void): ColumnsType<AdminTaskSummary> {
  return taskColumns<AdminTaskSummary>({
    title: {
      key: 'title',
      title: '任务',
      width: 220,
      render: (_, r) => <TaskTitleButton task={r} onOpen={() => openDetail(r)} />,
    },
    afterTitle: [
      { key: 'origin', title: '来源', width: 70, render: (_, r) => <TaskOriginTag origin={r.origin} /> },
      { key: 'pharmacy', title: '药店', width: 180, render: (_, r) => r.pharmacy.name },
    ],
    customerWidth: 140,
    assigneeWidth: 90,
  });
}

/**
 * 任务管理: every pharmacy's tasks by status tab (with counts), filtered by origin (平台 / 药店), pharmacy, assignee,
 * kind, customer, due dates and 已逾期 (overdue rows in red); the detail drawer with the log; 新建任务 (the form dialog
 * with its address dialog) and 取消任务 on open platform tasks. `?id=` opens a task's drawer.
 */
export function TaskList() {
  const list = useListPage({ querySchema: adminTaskListQuerySchema });
  const query = list.query as AdminTaskListQuery;
  const { data, isFetching } = useAdminTasks(query);
  const pharmacies = useAdminTaskPharmacies();
  const can = useAdminPermission();
  const counts = data?.counts;
  const columns = useMemo(() => columnsFor((r) => list.openAction('detail', r.id)), [list]);

  // ?id=<task> alone (a link) opens the drawer
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('id') && !params.get('action')) {
      const next = new URLSearchParams(params);
      next.set('action', 'detail');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);

  const rowActions: RowAction<AdminTaskSummary>[] = [
    { key: 'detail', label: '详情' },
    {
      key: 'cancel',
      label: '取消任务',
      danger: true,
      permission: KEY,
      visible: (r) => r.origin === 'platform' && (r.status === 'pending' || r.status === 'in_progress'),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <TaskStatusTabs active={query.status} counts={counts} onChange={(status) => list.setQuery({ status })} />
      <ListPage<AdminTaskSummary, AdminTaskListQuery>
        label="任务列表"
        list={list}
        scope="admin"
        filters={
          <>
            <Form.Item name="origin" label="来源">
              <Select<TaskOrigin>
                allowClear
                placeholder="全部"
                style={{ width: 100 }}
                options={taskOrigins.map((o) => ({ value: o, label: taskOriginLabels[o] }))}
              />
            </Form.Item>
            <Form.Item name="pharmacy_id" label="药店">
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="全部药店"
                style={{ width: 200 }}
                loading={pharmacies.isFetching}
                options={(pharmacies.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
            <AssigneeFilter />
            <TaskKindFilter />
            <TaskCustomerFilter />
            <TaskDueDateRange />
            <TaskOverdueFilter count={counts?.overdue} />
          </>
        }
        toolbar={
          can(KEY) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openAction('create')}>
              新建任务
            </Button>
          ) : null
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={150}
        tableProps={{ scroll: { x: 1400 } }}
        dialogs={{
          create: {
            permission: KEY,
            render: ({ close }) => <TaskFormDialog onClose={close} onCreated={(id) => list.openAction('detail', id)} />,
          },
          detail: {
            render: ({ id, close }) => <TaskDetailDrawer id={Number(id)} permission={KEY} onClose={close} />,
          },
          cancel: {
            permission: KEY,
            render: ({ id, close }) => <TaskCancelDialog id={Number(id)} onClose={close} />,
          },
        }}
      />
    </Flex>
  );
}
