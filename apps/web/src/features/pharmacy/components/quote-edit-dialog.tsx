import type { QuoteListItem } from '@pharmacy/shared';
import { Button, Empty, Form, Modal, Typography } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useUpdateQuote } from '../api/quote-update';
import { QuoteFormFields, type QuoteFormValues, quoteBodyOf, showServerFieldError } from './quote-form-fields';

export interface QuoteEditDialogProps {
  /** The quote, or undefined when the URL names one that is not on the current page. */
  quote: QuoteListItem | undefined;
  loading: boolean;
  onClose: () => void;
}

/** 编辑报价: price, original price and stock, under the shared rules. */
export function QuoteEditDialog({ quote, loading, onClose }: QuoteEditDialogProps) {
  const [form] = Form.useForm<QuoteFormValues>();
  const update = useUpdateQuote();

  const submit = async () => {
    if (!quote) return;
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await update.mutateAsync({ id: quote.id, ...quoteBodyOf(values) });
      dialogToast.success('已保存');
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      showServerFieldError(form, error);
    }
  };

  return (
    <Modal
      open
      title="编辑报价"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!quote} loading={update.isPending} onClick={() => void submit()}>
          保存
        </Button>,
      ]}
    >
      {quote ? (
        <>
          <Typography.Paragraph strong>
            {quote.name}
            {quote.spec ? `（${quote.spec}）` : ''}
          </Typography.Paragraph>
          <Form<QuoteFormValues>
            form={form}
            layout="vertical"
            name="quote-edit"
            initialValues={{ price: quote.price, original_price: quote.original_price ?? '', stock: quote.stock }}
            onFinish={() => void submit()}
          >
            <QuoteFormFields />
          </Form>
        </>
      ) : loading ? null : (
        <Empty description="报价不存在，或不在当前页" />
      )}
    </Modal>
  );
}
