import { taskCancelBodySchema } from '@pharmacy/shared';
import { Form, Input, Modal } from 'antd';
import { zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useCancelAdminTask } from '../api/task-cancel';

/** 取消任务 (a platform task): a required reason; the assignee is told, the log keeps it. */
export function TaskCancelDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useCancelAdminTask();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await cancel.mutateAsync({ id, reason: values.reason.trim() });
      dialogToast.success('任务已取消');
      onClose();
    } catch {
      // 409 任务已…，请刷新后查看 / 403: shown by the HTTP layer
    }
  };

  return (
    <Modal
      open
      title="取消任务"
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={cancel.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} name="admin-task-cancel" layout="vertical">
        <Form.Item name="reason" label="取消原因" rules={[zodRule(taskCancelBodySchema.shape.reason)]} required>
          <Input.TextArea rows={4} maxLength={200} showCount placeholder="请填写取消原因，负责人会收到通知" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
