import { type GroupBody, type GroupListItem, groupBodySchema } from '@pharmacy/shared';
import { Form, Input, Modal } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useSaveGroup } from '../api/group-save';

const NAME_MAX = 100;
const REMARK_MAX = 500;

/** 新建集团 / 编辑集团: the name (required, unique) and a remark; the shared schema's words on a bad field. */
export function GroupFormDialog({ group, onClose }: { group: GroupListItem | null; onClose: () => void }) {
  const [form] = Form.useForm<GroupBody>();
  const save = useSaveGroup();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const parsed = groupBodySchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      form.setFields([{ name: issue.path[0] as keyof GroupBody, errors: [issue.message] }]);
      return;
    }
    try {
      await save.mutateAsync({ id: group?.id ?? null, body: parsed.data });
      dialogToast.success(group ? '已保存' : '已创建');
      onClose();
    } catch (error) {
      // a taken name (409) or a refused field (400) belongs under the name
      if (isApiError(error) && (error.httpCode === 409 || error.httpCode === 400) && error.msg)
        form.setFields([{ name: 'name', errors: [error.msg.replace(/^name /, '')] }]);
    }
  };

  return (
    <Modal
      open
      title={group ? '编辑集团' : '新建集团'}
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="group"
        initialValues={{ name: group?.name ?? '', remark: group?.remark ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label="集团名称"
          rules={[
            { required: true, whitespace: true, message: '请输入集团名称' },
            { max: NAME_MAX, message: `集团名称最多 ${NAME_MAX} 字` },
          ]}
        >
          <Input maxLength={NAME_MAX} showCount placeholder="如：仁心大药房连锁" autoFocus />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: REMARK_MAX, message: `备注最多 ${REMARK_MAX} 字` }]}>
          <Input.TextArea maxLength={REMARK_MAX} showCount rows={3} placeholder="如：华东区域连锁门店" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
