import {
  type TaskKind,
  type TaskOrigin,
  type TaskStatus,
  taskKindLabels,
  taskOriginLabels,
  taskStatusLabels,
} from '@pharmacy/shared';
import { Flex, Tag, Typography } from 'antd';
import { formatDateTime } from '../../lib/format';

const statusColors: Record<TaskStatus, string> = {
  pending: 'orange',
  in_progress: 'blue',
  done: 'green',
  cancelled: 'default',
};
const kindColors: Record<TaskKind, string> = { follow_up: 'cyan', delivery_check: 'geekblue', revisit: 'purple' };

export function TaskStatusTag({ status }: { status: TaskStatus }) {
  return <Tag color={statusColors[status]}>{taskStatusLabels[status]}</Tag>;
}

export function TaskKindTag({ kind }: { kind: TaskKind }) {
  return <Tag color={kindColors[kind]}>{taskKindLabels[kind]}</Tag>;
}

/** 平台 (set by the operator) or 药店 (the pharmacy's own): the operator's column. */
export function TaskOriginTag({ origin }: { origin: TaskOrigin }) {
  return <Tag color={origin === 'platform' ? 'magenta' : 'default'}>{taskOriginLabels[origin]}</Tag>;
}

/** A task the platform (the operator) set for the pharmacy (origin platform): the pharmacy's title prefix. */
export function PlatformTaskTag() {
  return (
    <Tag color="magenta" title="平台下发的任务">
      平台
    </Tag>
  );
}

/** The due time; an overdue task's in red with 已逾期. */
export function TaskDue({ dueAt, overdue }: { dueAt: string; overdue: boolean }) {
  return (
    <Flex gap={4} align="center" wrap>
      <Typography.Text type={overdue ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(dueAt)}
      </Typography.Text>
      {overdue ? <Tag color="red">已逾期</Tag> : null}
    </Flex>
  );
}
