import { type TaskDetail, type TaskFlowAction, taskCommentBodySchema, taskFlow } from '@pharmacy/shared';
import { Button, Flex, Form, Input, Popconfirm } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { TaskDetailFrame, TaskKindTag } from '../../../components/task';
import { dialogToast } from '../../../lib/feedback';
import { useCommentTask, useTaskFlow } from '../api/task-mutations';
import { useTask } from '../api/task-queries';
import { TaskAssignDialog, TaskEditDialog } from './task-edit-dialogs';
import { TaskTextDialog } from './task-text-dialog';

function CommentBox({ id }: { id: number }) {
  const [form] = Form.useForm<{ content: string }>();
  const comment = useCommentTask();
  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await comment.mutateAsync({ id, content: values.content.trim() });
      form.resetFields();
      dialogToast.success('备注已添加');
    } catch {
      // shown by the HTTP layer
    }
  };
  return (
    <Form form={form} layout="inline" style={{ width: '100%' }} onFinish={() => void submit()}>
      <Form.Item name="content" rules={[zodRule(taskCommentBodySchema.shape.content)]} style={{ flex: 1 }}>
        <Input placeholder="添加备注（写入任务日志）" maxLength={500} aria-label="备注" />
      </Form.Item>
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Button htmlType="submit" loading={comment.isPending}>
          添加备注
        </Button>
      </Form.Item>
    </Form>
  );
}

type Dialog = null | 'done' | 'cancel' | 'edit' | 'assign';

/** The task's detail: its fields, the action buttons the server allows the caller, and the log as a timeline. */
export function TaskDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: task, isLoading, isError } = useTask(id);
  const flow = useTaskFlow();
  const [dialog, setDialog] = useState<Dialog>(null);

  const start = async () => {
    try {
      await flow.mutateAsync({ id, action: 'start' });
      dialogToast.success('已开始处理');
    } catch {
      // 409 / 403 shown by the HTTP layer
    }
  };

  const actionButton = (t: TaskDetail, action: TaskFlowAction) =>
    action === 'start' ? (
      <Popconfirm key="start" title="开始处理该任务？" okText="确定" cancelText="取消" onConfirm={() => start()}>
        <Button type="primary" loading={flow.isPending}>
          {taskFlow.start.label}
        </Button>
      </Popconfirm>
    ) : (
      <Button
        key={action}
        type={action === 'done' ? 'primary' : 'default'}
        danger={action === 'cancel'}
        onClick={() => setDialog(action)}
        disabled={!t}
      >
        {taskFlow[action].label}
      </Button>
    );

  return (
    <TaskDetailFrame
      task={task}
      isLoading={isLoading}
      isError={isError}
      errorText="任务不存在或已无权查看"
      onClose={onClose}
      extra={
        task ? (
          <Flex gap={8} wrap justify="end">
            {task.actions.map((a) => actionButton(task, a))}
            {task.can_edit ? <Button onClick={() => setDialog('edit')}>编辑</Button> : null}
            {task.can_assign ? <Button onClick={() => setDialog('assign')}>改派</Button> : null}
          </Flex>
        ) : null
      }
      lead={task ? [{ key: 'kind', label: '任务类型', children: <TaskKindTag kind={task.kind} /> }] : []}
      afterCreated={
        task
          ? [
              {
                key: 'source',
                label: '来源',
                children:
                  task.origin === 'platform'
                    ? '平台下发'
                    : task.order_no
                      ? `订单 ${task.order_no}`
                      : task.conversation_id
                        ? '在线咨询'
                        : '手动创建',
              },
            ]
          : []
      }
      logFooter={task ? <CommentBox id={task.id} /> : null}
    >
      {task && (dialog === 'done' || dialog === 'cancel') ? (
        <TaskTextDialog id={task.id} action={dialog} onClose={() => setDialog(null)} />
      ) : null}
      {task && dialog === 'edit' ? <TaskEditDialog task={task} onClose={() => setDialog(null)} /> : null}
      {task && dialog === 'assign' ? <TaskAssignDialog task={task} onClose={() => setDialog(null)} /> : null}
    </TaskDetailFrame>
  );
}
