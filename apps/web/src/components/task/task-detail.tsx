import { type TaskDetail, type TaskLog, taskLogActionLabels } from '@pharmacy/shared';
import { Descriptions, type DescriptionsProps, Drawer, Flex, Skeleton, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { TaskDue, TaskStatusTag } from './task-tags';

type Item = NonNullable<DescriptionsProps['items']>[number];
/** What both the pharmacy's and the operator's detail carry (the operator's has no per-caller flow actions). */
type ShownTask = Omit<TaskDetail, 'actions' | 'can_edit' | 'can_assign'>;

const logColors: Partial<Record<TaskLog['action'], string>> = {
  create: 'blue',
  start: 'blue',
  done: 'green',
  cancel: 'gray',
  assign: 'orange',
};

/** One log row as the timeline reads it: 王丽娟 开始处理 · 处理结果：… · time. */
function logItem(l: TaskLog) {
  return {
    key: l.id,
    color: logColors[l.action] ?? 'gray',
    content: (
      <Flex vertical>
        <span>
          <Typography.Text strong>{l.actor?.name || '系统'}</Typography.Text> {taskLogActionLabels[l.action]}
        </span>
        {l.content ? <span style={{ whiteSpace: 'pre-wrap' }}>{l.content}</span> : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(l.created_at)}
        </Typography.Text>
      </Flex>
    ),
  };
}

/**
 * A task's drawer: its title, the caller's buttons (extra), a skeleton while loading, the caller's text when it
 * failed; then the fields (the caller's leading ones, 状态 … 创建时间, the caller's `afterCreated`, 地址, 任务内容,
 * 处理结果 / 取消原因) and 任务日志 as a timeline (the caller's `logFooter` under it, e.g. a comment box).
 */
export function TaskDetailFrame({
  task,
  isLoading,
  isError,
  errorText,
  extra,
  onClose,
  lead,
  afterCreated,
  logFooter,
  children,
}: {
  task: ShownTask | undefined;
  isLoading: boolean;
  isError: boolean;
  errorText: string;
  extra: ReactNode;
  onClose: () => void;
  lead: Item[];
  afterCreated: Item[];
  logFooter?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Drawer open title={task ? task.title : '任务详情'} size={720} onClose={onClose} destroyOnHidden extra={extra}>
      {isLoading ? <Skeleton active /> : null}
      {isError ? <Typography.Text type="secondary">{errorText}</Typography.Text> : null}
      {task ? (
        <Flex vertical gap={24}>
          <Descriptions
            column={2}
            size="small"
            bordered
            items={[
              ...lead,
              { key: 'status', label: '状态', children: <TaskStatusTag status={task.status} /> },
              { key: 'customer', label: '客户', children: `${task.customer.name}（${task.customer.phone}）` },
              { key: 'assignee', label: '负责人', children: task.assignee.name },
              { key: 'due', label: '截止时间', children: <TaskDue dueAt={task.due_at} overdue={task.overdue} /> },
              { key: 'creator', label: '创建人', children: task.creator?.name || '-' },
              { key: 'created', label: '创建时间', children: formatDateTime(task.created_at) },
              ...afterCreated,
              ...(task.address ? [{ key: 'address', label: '地址', span: 2, children: task.address }] : []),
              {
                key: 'content',
                label: '任务内容',
                span: 2,
                children: <span style={{ whiteSpace: 'pre-wrap' }}>{task.content || '-'}</span>,
              },
              ...(task.status === 'done' ? [{ key: 'result', label: '处理结果', span: 2, children: task.result }] : []),
              ...(task.status === 'cancelled'
                ? [{ key: 'reason', label: '取消原因', span: 2, children: task.cancel_reason }]
                : []),
            ]}
          />
          <section aria-label="任务日志">
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              任务日志
            </Typography.Title>
            <Timeline items={task.logs.map(logItem)} />
            {logFooter}
          </section>
        </Flex>
      ) : null}
      {children}
    </Drawer>
  );
}
