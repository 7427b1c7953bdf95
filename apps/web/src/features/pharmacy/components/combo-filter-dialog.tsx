import { Button, Form, Input, Modal } from 'antd';
import { useSearchParams } from 'react-router';
import { ACTION_ID_PARAM, ACTION_PARAM } from '../../../components/list-page';

/**
 * 筛选 (`?action=filter`): the keyword goes to the URL (`?keyword=`) and the dialog closes in one navigation, so the
 * filter can be linked, reloaded and undone with the back button.
 */
export function ComboFilterDialog({ keyword, onClose }: { keyword: string | undefined; onClose: () => void }) {
  const [form] = Form.useForm<{ keyword?: string }>();
  const [, setSearchParams] = useSearchParams();
  const apply = (value: string | undefined) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      const text = value?.trim();
      if (text) next.set('keyword', text);
      else next.delete('keyword');
      for (const key of ['page', ACTION_PARAM, ACTION_ID_PARAM]) next.delete(key);
      return next;
    });
  return (
    <Modal
      open
      title="筛选套餐"
      okText="查询"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <CancelBtn />
          <Button onClick={() => apply(undefined)}>重置</Button>
          <OkBtn />
        </>
      )}
    >
      <Form
        form={form}
        name="combo-filter"
        layout="vertical"
        initialValues={{ keyword }}
        onFinish={(v) => apply(v.keyword)}
      >
        <Form.Item name="keyword" label="关键词" extra="套餐名称，或套餐内商品的名称 / 通用名">
          <Input allowClear maxLength={50} placeholder="如：感冒、布洛芬" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
