import { courierCodes, type OrderListQuery, orderKindLabels, orderKinds } from '@pharmacy/shared';
import { Button, DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { validatedValues } from '../../../components/form-validation';

/** The filters the dialog edits (the list's query keys besides paging and the tab). */
export const orderFilterKeys = [
  'order_no',
  'phone',
  'name',
  'date_from',
  'date_to',
  'kind',
  'courier_code',
  'tracking_no',
  'pharmacy_id',
] as const;
export type OrderFilters = Pick<OrderListQuery, (typeof orderFilterKeys)[number]>;

type Values = Omit<OrderFilters, 'date_from' | 'date_to'> & { dates?: [Dayjs | null, Dayjs | null] | null };

const kindOptions = orderKinds.map((k) => ({ value: k, label: orderKindLabels[k] }));
const courierOptions = courierCodes.map((c) => ({ value: c.code, label: c.name }));

export interface OrderFilterDialogProps {
  value: OrderFilters;
  /** The operator's list: a pharmacy filter with these options. */
  pharmacies?: { value: number; label: string }[];
  onApply: (filters: OrderFilters) => void;
  onClose: () => void;
}

/** 筛选订单: order number, phone, name, order date range, kind, courier, tracking number (and, for the operator, pharmacy). */
export function OrderFilterDialog({ value, pharmacies, onApply, onClose }: OrderFilterDialogProps) {
  const [form] = Form.useForm<Values>();

  const apply = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const [from, to] = values.dates ?? [null, null];
    onApply({
      order_no: text(values.order_no),
      phone: text(values.phone),
      name: text(values.name),
      date_from: from ? from.format('YYYY-MM-DD') : undefined,
      date_to: to ? to.format('YYYY-MM-DD') : undefined,
      kind: values.kind ?? undefined,
      courier_code: values.courier_code ?? undefined,
      tracking_no: text(values.tracking_no),
      pharmacy_id: values.pharmacy_id ?? undefined,
    });
  };

  const initial: Values = {
    ...value,
    dates:
      value.date_from || value.date_to
        ? [value.date_from ? dayjs(value.date_from) : null, value.date_to ? dayjs(value.date_to) : null]
        : null,
  };

  return (
    <Modal
      open
      title="筛选订单"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="reset" onClick={() => onApply({})}>
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
      <Form<Values>
        form={form}
        layout="vertical"
        name="order-filter"
        initialValues={initial}
        onFinish={() => void apply()}
      >
        {pharmacies ? (
          <Form.Item name="pharmacy_id" label="药房">
            <Select allowClear showSearch optionFilterProp="label" placeholder="全部药房" options={pharmacies} />
          </Form.Item>
        ) : null}
        <Space size="middle" style={{ display: 'flex' }} align="start">
          <Form.Item
            name="order_no"
            label="订单号"
            rules={[{ max: 32, message: '订单号最多 32 位' }]}
            style={{ width: 220 }}
          >
            <Input allowClear placeholder="完整或部分订单号" />
          </Form.Item>
          <Form.Item
            name="phone"
            label="手机号"
            rules={[{ pattern: /^\d{4,11}$/, message: '请输入完整手机号或后 4 位' }]}
            style={{ width: 220 }}
          >
            <Input allowClear placeholder="完整手机号或后 4 位" inputMode="numeric" />
          </Form.Item>
        </Space>
        <Space size="middle" style={{ display: 'flex' }} align="start">
          <Form.Item name="name" label="姓名" rules={[{ max: 50, message: '姓名最多 50 字' }]} style={{ width: 220 }}>
            <Input allowClear placeholder="患者或收货人姓名" />
          </Form.Item>
          <Form.Item name="kind" label="订单类型" style={{ width: 220 }}>
            <Select allowClear placeholder="全部类型" options={kindOptions} />
          </Form.Item>
        </Space>
        <Form.Item name="dates" label="下单日期">
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            style={{ width: 456 }}
            placeholder={['开始日期', '结束日期']}
          />
        </Form.Item>
        <Space size="middle" style={{ display: 'flex' }} align="start">
          <Form.Item name="courier_code" label="快递公司" style={{ width: 220 }}>
            <Select allowClear showSearch optionFilterProp="label" placeholder="全部快递" options={courierOptions} />
          </Form.Item>
          <Form.Item
            name="tracking_no"
            label="运单号"
            rules={[{ max: 40, message: '运单号最多 40 位' }]}
            style={{ width: 220 }}
          >
            <Input allowClear placeholder="完整运单号" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
