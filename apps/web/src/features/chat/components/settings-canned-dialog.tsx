import { type ChatCannedReply, type ChatCannedReplyBody, chatCannedReplyBodySchema } from '@pharmacy/shared';
import { Form, Input, InputNumber, Modal } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useSaveCannedReply } from '../api/canned-save';
import { showServerFieldError, zodRule } from './settings-field-errors';

const fields = chatCannedReplyBodySchema.shape;
const fieldNames = ['shortcut', 'content', 'sort'] as const;

interface Values {
  shortcut: string;
  content: string;
  sort: number | null;
}

/**
 * 新增快捷回复 / 编辑快捷回复: the shortcut typed after `/` in the composer, the reply, its place in the list. A
 * shortcut the pharmacy already has comes back from the server under the field (快捷短语已存在).
 */
export function SettingsCannedDialog({ reply, onClose }: { reply: ChatCannedReply | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveCannedReply();
  const title = reply ? '编辑快捷回复' : '新增快捷回复';

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const body: ChatCannedReplyBody = {
      shortcut: values.shortcut.trim(),
      content: values.content.trim(),
      sort: values.sort ?? 0,
    };
    try {
      await save.mutateAsync({ id: reply?.id, body });
      dialogToast.success(reply ? '快捷回复已保存' : '快捷回复已添加');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, fieldNames);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="chat-canned-reply"
        layout="vertical"
        initialValues={reply ? { ...reply } : { shortcut: '', content: '', sort: 0 }}
        preserve={false}
      >
        <Form.Item
          name="shortcut"
          label="快捷短语"
          required
          rules={[zodRule(fields.shortcut)]}
          extra="在聊天输入框中输入 / 加快捷短语即可选用，如 /用法"
        >
          <Input prefix="/" maxLength={20} placeholder="如 用法" />
        </Form.Item>
        <Form.Item name="content" label="回复内容" required rules={[zodRule(fields.content)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={[zodRule(fields.sort)]} extra="数字越小越靠前">
          <InputNumber precision={0} min={0} max={9999} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
