import { type TaskFlowAction, taskCancelBodySchema, taskDoneBodySchema } from '@pharmacy/shared';
import { Form, Input, Modal } from 'antd';
import { zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useTaskFlow } from '../api/task-mutations';

const texts = {
  done: {
    title: '完成任务',
    label: '处理结果',
    placeholder: '例如：已电话联系，客户表示服药后情况良好',
    max: 500,
    ok: '任务已完成',
  },
  cancel: { title: '取消任务', label: '取消原因', placeholder: '请填写取消原因', max: 200, ok: '任务已取消' },
} as const;
const rules = { done: taskDoneBodySchema.shape.result, cancel: taskCancelBodySchema.shape.reason };

/** 完成任务 (a result) / 取消任务 (a reason): one required text, then the flow call. */
export function TaskTextDialog({
  id,
  action,
  onClose,
}: {
  id: number;
  action: Exclude<TaskFlowAction, 'start'>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const flow = useTaskFlow();
  const t = texts[action];

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await flow.mutateAsync({ id, action, text: values.text.trim() });
      dialogToast.success(t.ok);
      onClose();
    } catch {
      // 409 任务已…，请刷新后查看 / 403: shown by the HTTP layer
    }
  };

  return (
    <Modal
      open
      title={t.title}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: action === 'cancel' }}
      confirmLoading={flow.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="text" label={t.label} rules={[zodRule(rules[action])]} required>
          <Input.TextArea rows={4} maxLength={t.max} showCount placeholder={t.placeholder} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
