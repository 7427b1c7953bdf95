import {
  COMBO_MAX_ITEMS,
  COMBO_NAME_MAX,
  COMBO_QTY_MAX,
  COMBO_REMARK_MAX,
  type Combo,
  type ComboBody,
  type ComboQuote,
  comboBodySchema,
  comboMessages,
  comboPriceSchema,
  comboTotals,
  formatMoney,
  isComboPriceAboveTotal,
  multiply,
} from '@pharmacy/shared';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useCombo } from '../api/combo-detail';
import { useSaveCombo } from '../api/combo-save';
import { ComboQuotePickerDialog } from './combo-quote-picker-dialog';
import { ComboTotals } from './combo-totals';
import { ComboTypeTag } from './combo-type-tag';

interface Line {
  quote: ComboQuote;
  qty: number | null;
}

interface FormValues {
  name: string;
  price: string;
  remark?: string;
}

export interface ComboFormDialogProps {
  /** null: a new combo. */
  id: number | null;
  onClose: () => void;
}

const validPrice = (value: string | undefined) => {
  const parsed = comboPriceSchema.safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
};

/** Create or edit a combo: name, quotes picked from the pharmacy's with a quantity each, package price, live sums. */
export function ComboFormDialog({ id, onClose }: ComboFormDialogProps) {
  const editing = id !== null;
  const detail = useCombo(id ?? 0);
  if (editing && detail.isError) {
    return (
      <Modal open title="编辑套餐" onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
        <Typography.Text type="secondary">{comboMessages.notFound}</Typography.Text>
      </Modal>
    );
  }
  if (editing && !detail.data) {
    return (
      <Modal open title="编辑套餐" onCancel={onClose} footer={null}>
        <Skeleton active />
      </Modal>
    );
  }
  return <ComboForm id={id} combo={editing ? detail.data : undefined} onClose={onClose} />;
}

function ComboForm({ id, combo, onClose }: { id: number | null; combo: Combo | undefined; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCombo();
  const [lines, setLines] = useState<Line[]>(
    () => combo?.items.map(({ qty, subtotal: _, ...quote }) => ({ quote, qty })) ?? [],
  );
  const [itemsError, setItemsError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const price = Form.useWatch('price', form);
  const typedPrice = validPrice(price);
  const totals = useMemo(
    () =>
      comboTotals(
        lines.map((l) => ({ price: l.quote.price, qty: l.qty })),
        typedPrice,
      ),
    [lines, typedPrice],
  );

  // The price rule depends on the items: check it again when they change (once the price has been typed).
  useEffect(() => {
    if (form.isFieldTouched('price')) void validatedValues(form, ['price']);
    if (itemsError && lines.length >= 2) setItemsError(null);
  }, [lines, form, itemsError]);

  const setQty = (quoteId: number, qty: number | null) =>
    setLines((all) => all.map((l) => (l.quote.quote_id === quoteId ? { ...l, qty } : l)));
  const removeLine = (quoteId: number) => setLines((all) => all.filter((l) => l.quote.quote_id !== quoteId));
  const offShelf = lines.filter((l) => l.quote.status === 'off_shelf');

  const columns: ColumnsType<Line> = [
    {
      key: 'name',
      title: '商品',
      render: (_: unknown, l) => (
        <Flex vertical>
          <span>
            {l.quote.name}{' '}
            {l.quote.status === 'off_shelf' ? (
              <Tag color="red" style={{ marginInlineStart: 4 }}>
                已下架
              </Tag>
            ) : null}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.quote.spec}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'type', title: '类型', width: 92, render: (_: unknown, l) => <ComboTypeTag type={l.quote.type} /> },
    { key: 'price', title: '单价（元）', width: 96, align: 'right', render: (_: unknown, l) => l.quote.price },
    {
      key: 'qty',
      title: '数量',
      width: 110,
      render: (_: unknown, l) => (
        <InputNumber<number>
          aria-label={`数量：${l.quote.name}`}
          size="small"
          min={1}
          max={COMBO_QTY_MAX}
          precision={0}
          value={l.qty}
          status={l.qty ? undefined : 'error'}
          onChange={(qty) => setQty(l.quote.quote_id, qty)}
          style={{ width: 90 }}
        />
      ),
    },
    {
      key: 'subtotal',
      title: '小计（元）',
      width: 100,
      align: 'right',
      render: (_: unknown, l) => (l.qty ? formatMoney(multiply(l.quote.price, l.qty)) : '—'),
    },
    {
      key: 'remove',
      title: '操作',
      width: 64,
      render: (_: unknown, l) => (
        <Button
          type="link"
          size="small"
          danger
          aria-label={`移除：${l.quote.name}`}
          onClick={() => removeLine(l.quote.quote_id)}
        >
          移除
        </Button>
      ),
    },
  ];

  const submit = async () => {
    const values = await validatedValues(form);
    const body: ComboBody = {
      name: values?.name ?? '',
      price: values?.price ?? '',
      remark: values?.remark ?? '',
      items: lines.map((l) => ({ quote_id: l.quote.quote_id, qty: l.qty ?? 0 })),
    };
    const parsed = comboBodySchema.safeParse(body);
    const itemIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'items');
    setItemsError(itemIssue ? itemIssue.message : null);
    if (!values || !parsed.success) return;
    try {
      await save.mutateAsync({ id, body: parsed.data });
      dialogToast.success(id === null ? '套餐已创建' : '套餐已保存');
      onClose();
    } catch (error) {
      // The server names the field it refused (price above the items' sum, an item gone off shelf meanwhile).
      const field = isApiError(error) ? (error.data as { field?: unknown } | null)?.field : undefined;
      if (typeof field !== 'string' || !isApiError(error)) return;
      const reason = error.msg.startsWith(`${field} `) ? error.msg.slice(field.length + 1) : error.msg;
      if (field === 'name' || field === 'price' || field === 'remark')
        form.setFields([{ name: field, errors: [reason] }]);
      else if (field.startsWith('items')) setItemsError(reason);
    }
  };

  return (
    <Modal
      open
      title={id === null ? '新建套餐' : `编辑套餐：${combo?.name ?? ''}`}
      width={860}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<FormValues>
        form={form}
        name="combo-form"
        layout="vertical"
        initialValues={{ name: combo?.name ?? '', price: combo?.price ?? '', remark: combo?.remark ?? '' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label="套餐名称"
          rules={[
            { required: true, whitespace: true, message: comboMessages.nameRequired },
            { max: COMBO_NAME_MAX, message: comboMessages.nameTooLong },
          ]}
        >
          <Input maxLength={COMBO_NAME_MAX} showCount placeholder="如：感冒发烧家庭套餐" />
        </Form.Item>

        <Form.Item label="套餐商品" required validateStatus={itemsError ? 'error' : undefined} help={itemsError}>
          <Flex vertical gap={8}>
            <Flex gap={8} align="center">
              <Button onClick={() => setPicking(true)} disabled={lines.length >= COMBO_MAX_ITEMS}>
                选择商品
              </Button>
              <Typography.Text type="secondary">
                已选 {lines.length} 种（{`2–${COMBO_MAX_ITEMS}`} 种），数量 1–{COMBO_QTY_MAX}
              </Typography.Text>
            </Flex>
            {offShelf.length ? (
              <Alert
                type="warning"
                showIcon
                title={`${comboMessages.hasOffShelf}：${offShelf.map((l) => `「${l.quote.name}」`).join('')}，移除或待其重新上架后才能上架套餐`}
              />
            ) : null}
            <Table<Line>
              aria-label="套餐商品"
              size="small"
              rowKey={(l) => l.quote.quote_id}
              columns={columns}
              dataSource={lines}
              pagination={false}
              locale={{ emptyText: '请从本店报价中选择商品' }}
            />
          </Flex>
        </Form.Item>

        <Form.Item
          name="price"
          label="套餐价（元）"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const parsed = comboPriceSchema.safeParse(value ?? '');
                if (!parsed.success) throw new Error(parsed.error.issues[0].message);
                if (lines.length && isComboPriceAboveTotal(parsed.data, totals.items_total))
                  throw new Error(comboMessages.priceAboveTotal);
              },
            },
          ]}
        >
          <Input prefix="¥" inputMode="decimal" placeholder="不高于商品合计，最多两位小数" style={{ width: 240 }} />
        </Form.Item>

        <ComboTotals
          itemsTotal={totals.items_total}
          price={typedPrice ? formatMoney(typedPrice) : null}
          saving={totals.saving}
        />

        <Form.Item name="remark" label="备注" style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={COMBO_REMARK_MAX} showCount rows={2} placeholder="选填：适用人群、用法提示等" />
        </Form.Item>
      </Form>
      {picking ? (
        <ComboQuotePickerDialog
          chosen={lines.map((l) => l.quote.quote_id)}
          room={COMBO_MAX_ITEMS - lines.length}
          onClose={() => setPicking(false)}
          onPick={(quotes) => {
            setLines((all) => [...all, ...quotes.map((quote) => ({ quote, qty: 1 }))]);
            setPicking(false);
          }}
        />
      ) : null}
    </Modal>
  );
}
