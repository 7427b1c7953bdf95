import { type QuoteFormField, quoteFieldError } from '@pharmacy/shared';
import type { FormInstance, FormRule } from 'antd';
import { Form, Input, InputNumber, Radio } from 'antd';

export interface QuoteFormValues {
  price: string;
  original_price?: string | null;
  stock: number | null;
  status?: 'on_shelf' | 'off_shelf';
}

/** An antd rule running the shared quote rule of a field, so the form says what the server would, in its words. */
const sharedRule =
  (field: QuoteFormField): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const message = quoteFieldError(field, getFieldsValue(['price', 'original_price', 'stock']));
      if (message) throw new Error(message);
    },
  });

/** Puts a server refusal that names a field (`data.field`) on that field; answers whether it did. */
export function showServerFieldError(form: FormInstance, error: unknown): boolean {
  const body = (error as { data?: unknown } | null)?.data as { field?: unknown } | null | undefined;
  const field = body?.field;
  const msg = (error as { msg?: unknown } | null)?.msg;
  if ((field === 'price' || field === 'original_price' || field === 'stock') && typeof msg === 'string') {
    form.setFields([{ name: field, errors: [msg.replace(new RegExp(`^${field}\\s+`), '')] }]);
    return true;
  }
  return false;
}

/** 售价, 原价, 库存 (and 上架状态 when creating): the fields of the create and edit forms. */
export function QuoteFormFields({ withStatus }: { withStatus?: boolean }) {
  return (
    <>
      <Form.Item name="price" label="售价" required rules={[sharedRule('price')]}>
        <Input prefix="¥" inputMode="decimal" placeholder="如 12.50" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="original_price"
        label="原价"
        dependencies={['price']}
        rules={[sharedRule('original_price')]}
        extra="选填，划线价，不低于售价"
      >
        <Input prefix="¥" inputMode="decimal" placeholder="选填" autoComplete="off" />
      </Form.Item>
      <Form.Item name="stock" label="库存" required rules={[sharedRule('stock')]}>
        <InputNumber style={{ width: '100%' }} placeholder="0 到 9999999 的整数" />
      </Form.Item>
      {withStatus ? (
        <Form.Item name="status" label="上架状态">
          <Radio.Group
            options={[
              { value: 'on_shelf', label: '立即上架' },
              { value: 'off_shelf', label: '暂不上架' },
            ]}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

/** The form's values as the API takes them: an empty original price means none. */
export function quoteBodyOf(values: QuoteFormValues) {
  const original = values.original_price?.trim();
  return {
    price: values.price.trim(),
    original_price: original ? original : null,
    stock: values.stock ?? 0,
  };
}
