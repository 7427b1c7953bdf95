import { type Column, columnStatusLabels } from '@pharmacy/shared';
import { Alert, Empty, Form, Modal, Select } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { usePlatformColumnOptions, useSubmitColumn } from '../api/columns';

/** 提交审核: the column goes to the chosen platform column's review (待审核). */
export function ColumnSubmitDialog({ column, onClose }: { column: Column; onClose: () => void }) {
  const [form] = Form.useForm<{ platform_column_id?: number }>();
  const options = usePlatformColumnOptions();
  const submitColumn = useSubmitColumn();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values?.platform_column_id) return;
    try {
      await submitColumn.mutateAsync({ id: column.id, platform_column_id: values.platform_column_id });
      dialogToast.success('已提交审核');
      onClose();
    } catch {
      // the HTTP layer has shown the refusal
    }
  };

  return (
    <Modal
      open
      title="提交审核"
      okText="提交"
      cancelText="取消"
      confirmLoading={submitColumn.isPending}
      okButtonProps={{ disabled: options.data?.length === 0 }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {column.status === 'rejected' && column.reject_reason ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`上次审核${columnStatusLabels.rejected}：${column.reject_reason}`}
        />
      ) : null}
      <p>将专栏「{column.title}」提交到平台专栏，平台审核通过后展示给患者；审核期间不能修改专栏。</p>
      {options.data?.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="平台暂无可提交的专栏" />
      ) : (
        <Form
          form={form}
          name="column-submit"
          layout="vertical"
          preserve={false}
          initialValues={{ platform_column_id: column.platform_column_id ?? undefined }}
        >
          <Form.Item name="platform_column_id" label="平台专栏" rules={[{ required: true, message: '请选择平台专栏' }]}>
            <Select
              placeholder="请选择平台专栏"
              loading={options.isLoading}
              options={(options.data ?? []).map((o) => ({ value: o.id, label: o.title }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
