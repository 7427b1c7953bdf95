import { parseShanghaiTime, type TaskDetail, taskEditBodySchema } from '@pharmacy/shared';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { showServerFieldError, zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useAssignTask, useEditTask } from '../api/task-mutations';
import { useTaskStaffOptions } from '../api/task-queries';

const fields = taskEditBodySchema.shape;

interface EditValues {
  title: string;
  content: string;
  due_at: Dayjs | null;
}

/** 编辑任务: title, content and due time of an open task. */
export function TaskEditDialog({ task, onClose }: { task: TaskDetail; onClose: () => void }) {
  const [form] = Form.useForm<EditValues>();
  const edit = useEditTask();
  useEffect(() => {
    form.setFieldsValue({ title: task.title, content: task.content, due_at: dayjs(formatDateTime(task.due_at)) });
  }, [form, task]);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values?.due_at) return;
    const due = parseShanghaiTime(values.due_at.format('YYYY-MM-DD HH:mm'));
    if (!due) return;
    try {
      await edit.mutateAsync({
        id: task.id,
        title: values.title,
        content: values.content ?? '',
        due_at: due.toISOString(),
      });
      dialogToast.success('任务已保存');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, ['title', 'content', 'due_at']);
    }
  };

  return (
    <Modal
      open
      title="编辑任务"
      okText="保存"
      cancelText="取消"
      confirmLoading={edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="title" label="任务标题" rules={[zodRule(fields.title)]} required>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="due_at" label="截止时间" rules={[{ required: true, message: '请选择截止时间' }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="content" label="任务内容" rules={[zodRule(fields.content)]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 改派 (managers): another active staff member of the pharmacy; the new assignee gets a message. */
export function TaskAssignDialog({ task, onClose }: { task: TaskDetail; onClose: () => void }) {
  const [form] = Form.useForm<{ assignee_account_id: number | undefined }>();
  const assign = useAssignTask();
  const staff = useTaskStaffOptions();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values?.assignee_account_id) return;
    try {
      await assign.mutateAsync({ id: task.id, assignee_account_id: values.assignee_account_id });
      dialogToast.success('任务已改派');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, ['assignee_account_id']);
    }
  };

  return (
    <Modal
      open
      title="改派任务"
      okText="确定"
      cancelText="取消"
      confirmLoading={assign.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical">
        <Form.Item label="当前负责人">{task.assignee.name}</Form.Item>
        <Form.Item name="assignee_account_id" label="新负责人" rules={[{ required: true, message: '请选择负责人' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="选择员工"
            loading={staff.isFetching}
            options={(staff.data ?? [])
              .filter((s) => s.account_id !== task.assignee.account_id)
              .map((s) => ({ value: s.account_id, label: s.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
