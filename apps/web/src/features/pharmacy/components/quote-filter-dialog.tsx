import {
  isPriceRangeReversed,
  type PharmacyQuoteListQuery,
  PRICE_RANGE_MESSAGE,
  productTypeLabels,
  productTypes,
  QUOTE_STOCK_MAX,
  quoteTabLabels,
  quoteTabs,
} from '@pharmacy/shared';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Space, TreeSelect } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { useQuoteCategories } from '../api/quote-categories';

/** The filters the dialog edits (the list's query keys besides paging). */
export const quoteFilterKeys = [
  'keyword',
  'type',
  'category_id',
  'status',
  'price_min',
  'price_max',
  'stock_below',
] as const;
export type QuoteFilters = Pick<PharmacyQuoteListQuery, (typeof quoteFilterKeys)[number]>;

const typeOptions = productTypes.map((t) => ({ value: t, label: productTypeLabels[t] }));
const pricePattern = { pattern: /^\d{1,7}(\.\d{1,2})?$/, message: '价格格式不正确，最多两位小数' };

export interface QuoteFilterDialogProps {
  value: QuoteFilters;
  onApply: (filters: QuoteFilters) => void;
  onClose: () => void;
}

/** 筛选: name / generic name / approval number / barcode, type, category, on-shelf status, price range, stock below. */
export function QuoteFilterDialog({ value, onApply, onClose }: QuoteFilterDialogProps) {
  const [form] = Form.useForm<QuoteFilters>();
  const categories = useQuoteCategories();

  const apply = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const blank = (v: unknown) => v === '' || v === null || v === undefined;
    const clean = Object.fromEntries(
      quoteFilterKeys.map((k) => {
        const v = values[k];
        return [k, blank(v) ? undefined : typeof v === 'string' ? v.trim() || undefined : v];
      }),
    ) as QuoteFilters;
    onApply({ ...clean, status: clean.status ?? 'all' });
  };

  return (
    <Modal
      open
      title="筛选报价"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="reset" onClick={() => onApply({ status: 'all' })}>
          清空筛选
        </Button>,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={() => void apply()}>
          确定
        </Button>,
      ]}
    >
      <Form<QuoteFilters>
        form={form}
        layout="vertical"
        name="quote-filter"
        initialValues={value}
        onFinish={() => void apply()}
      >
        <Form.Item
          name="keyword"
          label="名称 / 通用名 / 批准文号 / 条码"
          rules={[{ max: 50, message: '关键词最多 50 字' }]}
        >
          <Input allowClear placeholder="输入关键词" />
        </Form.Item>
        <Space size="middle" style={{ display: 'flex' }} align="start">
          <Form.Item name="type" label="类型" style={{ width: 180 }}>
            <Select allowClear placeholder="全部类型" options={typeOptions} />
          </Form.Item>
          <Form.Item name="category_id" label="分类" style={{ width: 260 }}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              placeholder="全部分类"
              treeData={categories.data}
              loading={categories.isLoading}
            />
          </Form.Item>
        </Space>
        <Form.Item name="status" label="上架状态">
          <Radio.Group optionType="button" options={quoteTabs.map((t) => ({ value: t, label: quoteTabLabels[t] }))} />
        </Form.Item>
        <Form.Item label="价格区间（元）" style={{ marginBottom: 0 }}>
          <Space align="start">
            <Form.Item name="price_min" rules={[pricePattern]}>
              <Input prefix="¥" placeholder="最低价" aria-label="最低价" style={{ width: 150 }} />
            </Form.Item>
            <span style={{ lineHeight: '32px' }}>至</span>
            <Form.Item
              name="price_max"
              dependencies={['price_min']}
              rules={[
                pricePattern,
                ({ getFieldValue }) => ({
                  validator: async (_, max) => {
                    if (isPriceRangeReversed(getFieldValue('price_min'), max)) throw new Error(PRICE_RANGE_MESSAGE);
                  },
                }),
              ]}
            >
              <Input prefix="¥" placeholder="最高价" aria-label="最高价" style={{ width: 150 }} />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item name="stock_below" label="库存低于">
          <InputNumber min={0} max={QUOTE_STOCK_MAX} precision={0} placeholder="如 10" style={{ width: 180 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
