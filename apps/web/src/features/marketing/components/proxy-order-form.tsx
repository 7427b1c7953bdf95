import { DeleteOutlined } from '@ant-design/icons';
import {
  type CreateProxyOrderBody,
  cartTotals,
  familyRelationLabel,
  ORDER_MAX_QTY,
  type ProxyComboOption,
  type ProxyOrderKind,
  type ProxyQuoteOption,
  proxyOrderKindLabels,
} from '@pharmacy/shared';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showServerFieldError } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useProxyCatalog } from '../api/proxy-order-catalog';
import { useCreateProxyOrder } from '../api/proxy-order-create';
import { useProxyCustomer, useProxyCustomers } from '../api/proxy-order-customers';

/** A line of the form: the quote as offered and how many. */
export interface ProxyOrderLine {
  quote: ProxyQuoteOption;
  qty: number;
}

interface FormValues {
  customer_id?: number;
  family_member_id?: number;
  address_id?: number;
  lines: ProxyOrderLine[];
  quote_set_id?: number;
  quote_set_qty?: number;
  remark?: string;
}

const typeLabels: Record<string, { text: string; color: string }> = {
  RX: { text: '处方药', color: 'red' },
  OTC: { text: '非处方药', color: 'blue' },
  HERBAL: { text: '中药', color: 'gold' },
  NON_DRUG: { text: '非药品', color: 'green' },
};

const SERVER_FIELDS = ['customer_id', 'family_member_id', 'address_id', 'lines', 'quote_set_id', 'remark'] as const;

/** A key the server accepts (1–64 of A-Z a-z 0-9 _ -). */
function newKey(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  return uuid ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The search box's text after the user stops typing (300 ms), so each keystroke is not a request. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The lines editor (a form control): one row per quote with its quantity and subtotal. */
function LinesEditor({ value = [], onChange }: { value?: ProxyOrderLine[]; onChange?: (v: ProxyOrderLine[]) => void }) {
  const columns: ColumnsType<ProxyOrderLine> = [
    {
      key: 'name',
      title: '商品',
      render: (_: unknown, l) => (
        <Flex vertical>
          <span>
            {l.quote.product_name}{' '}
            <Tag color={typeLabels[l.quote.type]?.color} style={{ marginInlineStart: 4 }}>
              {typeLabels[l.quote.type]?.text ?? l.quote.type}
            </Tag>
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.quote.spec}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'price', title: '单价', width: 100, align: 'right', render: (_: unknown, l) => `¥${l.quote.price}` },
    {
      key: 'qty',
      title: '数量',
      width: 120,
      render: (_: unknown, l) => (
        <InputNumber
          aria-label={`数量：${l.quote.product_name}`}
          min={1}
          max={Math.max(1, Math.min(ORDER_MAX_QTY, l.quote.stock))}
          precision={0}
          value={l.qty}
          onChange={(qty) =>
            onChange?.(value.map((x) => (x.quote.quote_id === l.quote.quote_id ? { ...x, qty: qty ?? 1 } : x)))
          }
        />
      ),
    },
    {
      key: 'subtotal',
      title: '小计',
      width: 110,
      align: 'right',
      render: (_: unknown, l) =>
        `¥${cartTotals([{ price: l.quote.price, qty: l.qty }], { freight: '0', free_freight_threshold: null }).goods}`,
    },
    {
      key: 'remove',
      title: '操作',
      width: 70,
      render: (_: unknown, l) => (
        <Button
          type="link"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`移除：${l.quote.product_name}`}
          onClick={() => onChange?.(value.filter((x) => x.quote.quote_id !== l.quote.quote_id))}
        />
      ),
    },
  ];
  return (
    <Table<ProxyOrderLine>
      size="small"
      rowKey={(l) => l.quote.quote_id}
      columns={columns}
      dataSource={value}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请从上方搜索并添加商品" /> }}
      aria-label="已选商品"
    />
  );
}

/**
 * 非药品下单 (kind non_drug: NON_DRUG quotes only) and 创建代下单 (kind proxy: any quotes and/or one combo) for a
 * customer of the pharmacy: customer → family member → address → goods, totals with the shared money rules (the
 * server prices the order again). One Idempotency-Key per form and body; on success the detail page opens.
 */
export function ProxyOrderForm({ kind, initialCustomerId }: { kind: ProxyOrderKind; initialCustomerId?: number }) {
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const create = useCreateProxyOrder();
  const [customerText, setCustomerText] = useState('');
  const customerKeyword = useSettled(customerText);
  const customers = useProxyCustomers(customerKeyword);
  const customerId = Form.useWatch('customer_id', form) ?? null;
  const customer = useProxyCustomer(customerId);
  const [quoteText, setQuoteText] = useState('');
  const quoteKeyword = useSettled(quoteText);
  const catalog = useProxyCatalog({ kind, keyword: quoteKeyword || undefined });
  const lines = Form.useWatch('lines', form) ?? [];
  const comboId = Form.useWatch('quote_set_id', form);
  const comboQty = Form.useWatch('quote_set_qty', form) ?? 1;
  const [combo, setCombo] = useState<ProxyComboOption | null>(null);
  const keyRef = useRef<{ signature: string; key: string } | null>(null);

  // ?customer= prefills the customer (the CRM card's 代下单)
  useEffect(() => {
    if (initialCustomerId) form.setFieldValue('customer_id', initialCustomerId);
  }, [initialCustomerId, form]);

  // a chosen customer brings their default family member and address
  const loaded = customer.data;
  useEffect(() => {
    if (!loaded || loaded.account_id !== form.getFieldValue('customer_id')) return;
    const member = form.getFieldValue('family_member_id');
    if (!loaded.family_members.some((m) => m.id === member)) {
      form.setFieldValue('family_member_id', loaded.family_members[0]?.id);
    }
    const address = form.getFieldValue('address_id');
    if (!loaded.addresses.some((a) => a.id === address)) form.setFieldValue('address_id', loaded.addresses[0]?.id);
  }, [loaded, form]);

  const terms = catalog.data ?? { freight: '0.00', free_freight_threshold: null };
  const totals = useMemo(
    () =>
      cartTotals(
        [
          ...lines.map((l) => ({ price: l.quote.price, qty: l.qty })),
          ...(combo && comboId === combo.id ? [{ price: combo.price, qty: comboQty }] : []),
        ],
        terms,
      ),
    [lines, combo, comboId, comboQty, terms],
  );

  const customerOptions = useMemo(() => {
    const list = customers.data ?? [];
    const options = list.map((c) => ({
      value: c.account_id,
      label: `${c.name} ${c.phone}${c.mine ? '（我的客户）' : c.owner_name ? `（${c.owner_name}）` : ''}`,
    }));
    // the prefilled customer shows by name even when the search does not list them
    if (loaded && !options.some((o) => o.value === loaded.account_id)) {
      options.unshift({ value: loaded.account_id, label: `${loaded.name} ${loaded.phone}` });
    }
    return options;
  }, [customers.data, loaded]);

  const addQuote = (quoteId: number) => {
    const quote = catalog.data?.quotes.find((q) => q.quote_id === quoteId);
    if (!quote) return;
    const current: ProxyOrderLine[] = form.getFieldValue('lines') ?? [];
    const existing = current.find((l) => l.quote.quote_id === quoteId);
    form.setFieldValue(
      'lines',
      existing
        ? current.map((l) => (l === existing ? { ...l, qty: Math.min(ORDER_MAX_QTY, l.qty + 1) } : l))
        : [...current, { quote, qty: 1 }],
    );
    void validatedValues(form, ['lines']);
    setQuoteText('');
  };

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const body: CreateProxyOrderBody = {
      kind,
      customer_id: values.customer_id!,
      family_member_id: values.family_member_id!,
      address_id: values.address_id!,
      lines: (values.lines ?? []).map((l) => ({ quote_id: l.quote.quote_id, qty: l.qty })),
      ...(kind === 'proxy' && values.quote_set_id
        ? { quote_set_id: values.quote_set_id, quote_set_qty: values.quote_set_qty ?? 1 }
        : {}),
      remark: values.remark?.trim() ?? '',
    };
    const signature = JSON.stringify(body);
    if (keyRef.current?.signature !== signature) keyRef.current = { signature, key: newKey() };
    try {
      const order = await create.mutateAsync({ body, idempotencyKey: keyRef.current.key });
      keyRef.current = null;
      dialogToast.success('下单成功，请将支付链接发送给客户');
      form.resetFields();
      setCombo(null);
      const base = kind === 'proxy' ? '/marketManage/substituteOrder' : '/marketManage/createOrder';
      navigate(`${base}/detail?id=${order.id}`);
    } catch (error) {
      showServerFieldError(form, error, SERVER_FIELDS);
    }
  };

  const quoteOptions = (catalog.data?.quotes ?? []).map((q) => ({
    value: q.quote_id,
    disabled: q.stock < 1,
    label: `${q.product_name} ${q.spec} ¥${q.price}${q.stock < 1 ? '（缺货）' : ` 库存 ${q.stock}`}`,
  }));

  return (
    <Form<FormValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      initialValues={{ lines: [], quote_set_qty: 1, remark: '' }}
      style={{ maxWidth: 960 }}
      aria-label={`${proxyOrderKindLabels[kind]}表单`}
    >
      <Card title="客户与收货" size="small" style={{ marginBottom: 16 }}>
        <Form.Item name="customer_id" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setCustomerText }}
            placeholder="输入手机号、尾号 4 位或姓名搜索本店客户"
            options={customerOptions}
            loading={customers.isFetching}
            notFoundContent={customers.isFetching ? '搜索中…' : '没有找到客户'}
            aria-label="客户"
            onChange={() => form.setFieldsValue({ family_member_id: undefined, address_id: undefined })}
          />
        </Form.Item>
        <Form.Item name="family_member_id" label="用药人" rules={[{ required: true, message: '请选择用药人' }]}>
          <Select
            placeholder={customerId ? '请选择用药人' : '请先选择客户'}
            disabled={!loaded}
            aria-label="用药人"
            notFoundContent="该客户还没有用药人"
            options={(loaded?.family_members ?? []).map((m) => ({
              value: m.id,
              label: `${m.name}（${familyRelationLabel(m.relation)}${m.gender === 'male' ? '，男' : m.gender === 'female' ? '，女' : ''}${m.age !== null ? `，${m.age} 岁` : ''}）`,
            }))}
          />
        </Form.Item>
        <Form.Item name="address_id" label="收货地址" rules={[{ required: true, message: '请选择收货地址' }]}>
          <Select
            placeholder={customerId ? '请选择收货地址' : '请先选择客户'}
            disabled={!loaded}
            aria-label="收货地址"
            notFoundContent="该客户还没有收货地址"
            options={(loaded?.addresses ?? []).map((a) => ({
              value: a.id,
              label: `${a.name} ${a.phone} ${a.address}${a.is_default ? '（默认）' : ''}`,
            }))}
          />
        </Form.Item>
      </Card>

      <Card title={kind === 'non_drug' ? '商品（仅非药品）' : '商品与套餐'} size="small" style={{ marginBottom: 16 }}>
        {kind === 'proxy' ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="含处方药的订单，客户付款后进入待审方，由医生问诊开方、药师审方后发货。"
          />
        ) : null}
        <Form.Item label="添加商品">
          <Select
            showSearch={{ filterOption: false, onSearch: setQuoteText, searchValue: quoteText }}
            value={null}
            placeholder="输入商品名称、通用名或批准文号搜索"
            options={quoteOptions}
            loading={catalog.isFetching}
            notFoundContent={catalog.isFetching ? '搜索中…' : '没有在架商品'}
            onSelect={(id: number | null) => {
              if (id !== null) addQuote(id);
            }}
            aria-label="添加商品"
          />
        </Form.Item>
        <Form.Item
          name="lines"
          label="已选商品"
          rules={[
            {
              validator: async (_r, v: ProxyOrderLine[] | undefined) => {
                if (!v?.length && !(kind === 'proxy' && form.getFieldValue('quote_set_id')))
                  throw new Error('请选择商品');
              },
            },
          ]}
        >
          <LinesEditor />
        </Form.Item>
        {kind === 'proxy' ? (
          <Form.Item label="套餐">
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="quote_set_id" noStyle>
                <Select
                  allowClear
                  placeholder="可选：选择一个在售套餐"
                  aria-label="套餐"
                  style={{ width: '75%' }}
                  options={(catalog.data?.combos ?? []).map((c) => ({
                    value: c.id,
                    disabled: c.available < 1,
                    label: `${c.name} ¥${c.price}${c.has_rx ? '（含处方药）' : ''}${c.available < 1 ? '（缺货）' : ''}`,
                  }))}
                  onChange={(id?: number) => {
                    setCombo(catalog.data?.combos.find((c) => c.id === id) ?? null);
                    void validatedValues(form, ['lines']);
                  }}
                />
              </Form.Item>
              <Form.Item name="quote_set_qty" noStyle>
                <InputNumber
                  aria-label="套餐数量"
                  min={1}
                  max={Math.max(1, Math.min(ORDER_MAX_QTY, combo?.available ?? ORDER_MAX_QTY))}
                  precision={0}
                  disabled={!comboId}
                  style={{ width: '25%' }}
                  addonAfter="套"
                />
              </Form.Item>
            </Space.Compact>
            {combo && comboId === combo.id ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {combo.items_text}
              </Typography.Text>
            ) : null}
          </Form.Item>
        ) : null}
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多 200 字' }]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填，客户可见" aria-label="备注" />
        </Form.Item>
      </Card>

      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={16}>
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'goods', label: '商品金额', children: `¥${totals.goods}` },
              {
                key: 'freight',
                label: '运费',
                children:
                  terms.free_freight_threshold !== null
                    ? `¥${totals.freight}（满 ¥${terms.free_freight_threshold} 免运费）`
                    : `¥${totals.freight}`,
              },
              {
                key: 'total',
                label: '应付',
                children: (
                  <Typography.Text strong style={{ fontSize: 18, color: '#cf1322' }}>
                    {`¥${totals.total}`}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Button type="primary" size="large" loading={create.isPending} onClick={() => void submit()}>
            提交订单
          </Button>
        </Flex>
      </Card>
    </Form>
  );
}
