import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useAdminPermission } from '../../../components/permission-gate';
import { TaskDetailFrame, TaskKindTag, TaskOriginTag } from '../../../components/task';
import { useAdminTaskLog } from '../api/task-log';
import { TaskCancelDialog } from './task-cancel-dialog';

/** A task of any pharmacy with its whole log; 取消任务 on an open platform task (key `task`, as the server checks). */
export function TaskDetailDrawer({ id, permission, onClose }: { id: number; permission: string; onClose: () => void }) {
  const { data: task, isLoading, isError } = useAdminTaskLog(id);
  const can = useAdminPermission();
  const [cancelling, setCancelling] = useState(false);

  return (
    <TaskDetailFrame
      task={task}
      isLoading={isLoading}
      isError={isError}
      errorText="任务不存在"
      onClose={onClose}
      extra={
        task?.can_cancel && can(permission) ? (
          <Button danger onClick={() => setCancelling(true)}>
            取消任务
          </Button>
        ) : null
      }
      lead={
        task
          ? [
              { key: 'pharmacy', label: '药店', span: 2, children: task.pharmacy.name },
              {
                key: 'kind',
                label: '类型',
                children: (
                  <Flex gap={4}>
                    <TaskOriginTag origin={task.origin} />
                    <TaskKindTag kind={task.kind} />
                  </Flex>
                ),
              },
            ]
          : []
      }
      afterCreated={task ? [{ key: 'order', label: '关联订单', children: task.order_no ?? '-' }] : []}
    >
      {task && cancelling ? <TaskCancelDialog id={task.id} onClose={() => setCancelling(false)} /> : null}
    </TaskDetailFrame>
  );
}
