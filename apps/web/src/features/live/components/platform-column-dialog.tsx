import type { PlatformColumn } from '@pharmacy/shared';
import { Form, Input, Modal } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useSavePlatformColumn } from '../api/platform-columns';

const TITLE_MAX = 100;

/** 新增平台专栏 / 重命名: the column's name (required, at most 100 characters). */
export function PlatformColumnDialog({ column, onClose }: { column: PlatformColumn | null; onClose: () => void }) {
  const [form] = Form.useForm<{ title: string }>();
  const save = useSavePlatformColumn();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({ id: column?.id ?? null, title: values.title.trim() });
      dialogToast.success(column ? '已重命名' : '已新增');
      onClose();
    } catch (error) {
      if (isApiError(error) && error.httpCode === 400 && error.msg)
        form.setFields([{ name: 'title', errors: [error.msg] }]);
    }
  };

  return (
    <Modal
      open
      title={column ? '重命名平台专栏' : '新增平台专栏'}
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
        name="platform-column"
        initialValues={{ title: column?.title ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="title"
          label="专栏名称"
          rules={[
            { required: true, whitespace: true, message: '请填写专栏名称' },
            { max: TITLE_MAX, message: `专栏名称最多 ${TITLE_MAX} 字` },
          ]}
        >
          <Input maxLength={TITLE_MAX} showCount placeholder="如：慢病管理课堂" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
