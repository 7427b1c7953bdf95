import type { TaskSummary } from '@pharmacy/shared';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { formatDateTime } from '../../lib/format';
import { TaskDue, TaskKindTag, TaskStatusTag } from './task-tags';

/** The task's title as the link that opens its drawer (red when overdue). */
export function TaskTitleButton({ task, onOpen }: { task: TaskSummary; onOpen: () => void }) {
  return (
    <Button
      type="link"
      size="small"
      danger={task.overdue}
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
      onClick={onOpen}
      aria-label={`任务详情：${task.title}`}
    >
      {task.title}
    </Button>
  );
}

/**
 * A task list's columns: the caller's title column and the ones it puts after it, then 类型, 客户, 负责人,
 * 截止时间, 状态 and 创建时间 (the pharmacy's and the operator's lists alike).
 */
export function taskColumns<T extends TaskSummary>({
  title,
  afterTitle = [],
  customerWidth,
  assigneeWidth,
}: {
  title: ColumnType<T>;
  afterTitle?: ColumnsType<T>;
  customerWidth: number;
  assigneeWidth: number;
}): ColumnsType<T> {
  return [
    title,
    ...afterTitle,
    { key: 'kind', title: '类型', width: 100, render: (_, r) => <TaskKindTag kind={r.kind} /> },
    {
      key: 'customer',
      title: '客户',
      width: customerWidth,
      render: (_, r) => (
        <Flex vertical>
          <span>{r.customer.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.customer.phone}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'assignee', title: '负责人', width: assigneeWidth, render: (_, r) => r.assignee.name },
    {
      key: 'due_at',
      title: '截止时间',
      width: 190,
      render: (_, r) => <TaskDue dueAt={r.due_at} overdue={r.overdue} />,
    },
    { key: 'status', title: '状态', width: 90, render: (_, r) => <TaskStatusTag status={r.status} /> },
    {
      key: 'created_at',
      title: '创建时间',
      width: 150,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, r) => formatDateTime(r.created_at),
    },
  ];
}
