import {
  CUSTOMER_NOTES_MAX,
  CUSTOMER_SOURCE_MAX,
  CUSTOMER_TAG_LENGTH_MAX,
  CUSTOMER_TAG_MAX,
  type CustomerUpdateInput,
} from '@pharmacy/shared';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { showServerFieldError } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { CardEditModal, NotesField, TagsField, uniqueTags } from '../../../components/member-card/member-edit-fields';
import { dialogToast } from '../../../lib/feedback';
import { useCustomerCard } from '../api/customer-card';
import { useCustomerOptions } from '../api/customer-options';
import { useUpdateCustomer } from '../api/customer-update';

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
      tags: uniqueTags(values.tags),
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
    <CardEditModal
      title={customer ? `编辑客户 · ${customer.name}` : '编辑客户'}
      data={customer}
      isError={card.isError}
      errorTitle="客户不存在或已无权查看"
      saving={update.isPending}
      onSave={() => void submit()}
      onClose={onClose}
    >
      {() => (
        <Form form={form} layout="vertical" name="customer-edit" initialValues={{ tags: [], notes: '', source: '' }}>
          {/* the same limits the server's schema holds (customerUpdateBodySchema), said on the field before sending */}
          <TagsField max={CUSTOMER_TAG_MAX} lengthMax={CUSTOMER_TAG_LENGTH_MAX} inUse={options.data?.tags} />
          <Form.Item
            name="source"
            label="来源"
            rules={[{ max: CUSTOMER_SOURCE_MAX, message: `来源最多 ${CUSTOMER_SOURCE_MAX} 个字` }]}
          >
            <Input maxLength={CUSTOMER_SOURCE_MAX} placeholder="如：门店到店、老客介绍" />
          </Form.Item>
          <NotesField name="notes" max={CUSTOMER_NOTES_MAX} />
        </Form>
      )}
    </CardEditModal>
  );
}
