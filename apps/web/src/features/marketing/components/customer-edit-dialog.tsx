import {
  CUSTOMER_NOTES_MAX,
  CUSTOMER_SOURCE_MAX,
  CUSTOMER_TAG_LENGTH_MAX,
  CUSTOMER_TAG_MAX,
  type CustomerUpdateInput,
} from '@pharmacy/shared';
import { Alert, Form, Input, Modal, Select, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { showServerFieldError } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useCustomerCard } from '../api/customer-card';
import { useCustomerOptions } from '../api/customer-options';
import { useUpdateCustomer } from '../api/customer-update';

// The same limits the server's schema holds (customerUpdateBodySchema), said on the field before sending.
const tagRules: Rule[] = [
  {
    validator: async (_, value: string[] | undefined) => {
      const tags = [...new Set((value ?? []).map((t) => t.trim()))];
      if (tags.some((t) => t === '')) throw new Error('标签不能为空');
      if (tags.some((t) => t.length > CUSTOMER_TAG_LENGTH_MAX))
        throw new Error(`每个标签最多 ${CUSTOMER_TAG_LENGTH_MAX} 个字`);
      if (tags.length > CUSTOMER_TAG_MAX) throw new Error(`标签最多 ${CUSTOMER_TAG_MAX} 个`);
    },
  },
];

type Values = { tags: string[]; notes: string; source: string };

/** 编辑客户: tags (type a new one or pick one in use), source, notes. The owner or a manager only. */
export function CustomerEditDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const card = useCustomerCard(id);
  const options = useCustomerOptions();
  const update = useUpdateCustomer();
  const customer = card.data;

  useEffect(() => {
    if (customer) form.setFieldsValue({ tags: customer.tags, notes: customer.notes, source: customer.source });
  }, [customer, form]);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const body: CustomerUpdateInput = {
      tags: [...new Set((values.tags ?? []).map((t) => t.trim()))],
      notes: (values.notes ?? '').trim(),
      source: (values.source ?? '').trim(),
    };
    try {
      await update.mutateAsync({ id, body });
      dialogToast.success('已保存');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, ['tags', 'notes', 'source']);
    }
  };

  return (
    <Modal
      open
      title={customer ? `编辑客户 · ${customer.name}` : '编辑客户'}
      okText="保存"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      okButtonProps={{ disabled: !customer }}
      destroyOnHidden
    >
      {card.isError ? (
        <Alert type="error" showIcon title="客户不存在或已无权查看" />
      ) : !customer ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" name="customer-edit" initialValues={{ tags: [], notes: '', source: '' }}>
          <Form.Item
            name="tags"
            label="标签"
            rules={tagRules}
            extra={`最多 ${CUSTOMER_TAG_MAX} 个，每个不超过 ${CUSTOMER_TAG_LENGTH_MAX} 个字；输入后按回车添加`}
          >
            <Select
              mode="tags"
              aria-label="标签"
              placeholder="输入或选择标签"
              tokenSeparators={[',', '，']}
              options={(options.data?.tags ?? []).map((t) => ({ value: t, label: t }))}
            />
          </Form.Item>
          <Form.Item
            name="source"
            label="来源"
            rules={[{ max: CUSTOMER_SOURCE_MAX, message: `来源最多 ${CUSTOMER_SOURCE_MAX} 个字` }]}
          >
            <Input maxLength={CUSTOMER_SOURCE_MAX} placeholder="如：门店到店、老客介绍" />
          </Form.Item>
          <Form.Item
            name="notes"
            label="备注"
            rules={[{ max: CUSTOMER_NOTES_MAX, message: `备注最多 ${CUSTOMER_NOTES_MAX} 个字` }]}
          >
            <Input.TextArea rows={4} showCount maxLength={CUSTOMER_NOTES_MAX} placeholder="仅本店员工可见" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
