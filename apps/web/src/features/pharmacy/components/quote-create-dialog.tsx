import { productTypeLabels, type QuoteProduct } from '@pharmacy/shared';
import { Alert, Button, Descriptions, Form, Modal } from 'antd';
import { useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useCreateQuote } from '../api/quote-create';
import { ProductPickerDialog } from './product-picker-dialog';
import { QuoteFormFields, type QuoteFormValues, quoteBodyOf, showServerFieldError } from './quote-form-fields';

/** 新增报价: pick a catalogue product, then enter its price, original price and stock. */
export function QuoteCreateDialog({ onClose }: { onClose: () => void }) {
  const [picked, setPicked] = useState<QuoteProduct | null>(null);
  if (!picked) return <ProductPickerDialog open onClose={onClose} onPick={setPicked} title="新增报价：选择药品" />;
  return <QuoteCreateForm picked={picked} onBack={() => setPicked(null)} onClose={onClose} />;
}

function QuoteCreateForm({
  picked,
  onBack,
  onClose,
}: {
  picked: QuoteProduct;
  onBack: () => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<QuoteFormValues>();
  const create = useCreateQuote();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    setRefusal(null);
    try {
      await create.mutateAsync({ product_id: picked.id, status: values.status ?? 'on_shelf', ...quoteBodyOf(values) });
      dialogToast.success('已新增报价');
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!showServerFieldError(form, error)) setRefusal(error.msg);
    }
  };

  return (
    <Modal
      open
      title="新增报价"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="back" onClick={onBack}>
          重新选择药品
        </Button>,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={create.isPending} onClick={() => void submit()}>
          保存
        </Button>,
      ]}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'name', label: '药品', children: `${picked.name}${picked.spec ? `（${picked.spec}）` : ''}` },
          { key: 'maker', label: '生产厂家', children: picked.manufacturer || '-' },
          { key: 'approval', label: '批准文号', children: picked.approval_no || '-' },
          { key: 'type', label: '类型', children: productTypeLabels[picked.type] },
        ]}
      />
      {refusal ? <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form<QuoteFormValues>
        form={form}
        layout="vertical"
        name="quote-create"
        initialValues={{ price: '', original_price: '', stock: null, status: 'on_shelf' }}
        onFinish={() => void submit()}
      >
        <QuoteFormFields withStatus />
      </Form>
    </Modal>
  );
}
