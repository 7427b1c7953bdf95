import {
  type CourierCode,
  detectCourierCode,
  normalizeTrackingNo,
  type OrderSummary,
  trackingNoSchema,
} from '@pharmacy/shared';
import { Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { validatedValues } from '../../../../components/form-validation';
import { dialogToast } from '../../../../lib/feedback';
import { isApiError } from '../../../../lib/http';
import { useShippingCouriers } from '../../api/shipping-couriers';
import { useSendGood } from '../../api/shipping-send-good';
import { ShippingOrderCard } from './shipping-order-card';

interface Values {
  tracking_no: string;
  courier_code: CourierCode | undefined;
}

/**
 * 发货: the tracking number, and the courier picked or pre-selected from the number's prefix as it is typed (three
 * characters, then two; spec §3, §9) until the user picks one themselves.
 */
export function SendGoodDialog({
  id,
  order,
  onClose,
}: {
  id: number;
  order: OrderSummary | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const couriers = useShippingCouriers();
  const send = useSendGood();
  /** whether the user chose the courier (then typing no longer changes it) */
  const picked = useRef(false);
  const trackingNo = Form.useWatch('tracking_no', form) ?? '';
  const detected = detectCourierCode(trackingNo);
  const nameOf = (code: string) => couriers.data?.list.find((c) => c.code === code)?.name ?? code;

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      const shipment = await send.mutateAsync({
        id,
        tracking_no: values.tracking_no,
        courier_code: values.courier_code,
      });
      dialogToast.success(`已发货：${shipment.company_name} ${shipment.tracking_no}`);
      onClose();
    } catch (error) {
      // a field the server named goes under it; the http client has shown the message
      if (isApiError(error) && error.httpCode === 400) {
        for (const field of ['tracking_no', 'courier_code'] as const) {
          if (error.msg.startsWith(`${field} `)) {
            form.setFields([{ name: field, errors: [error.msg.slice(field.length + 1)] }]);
          }
        }
      }
    }
  };

  return (
    <Modal
      open
      title={order ? `发货 · ${order.order_no}` : '发货'}
      okText="确认发货"
      cancelText="取消"
      confirmLoading={send.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <ShippingOrderCard order={order} />
      <Form<Values>
        form={form}
        layout="vertical"
        name="send-good"
        initialValues={{ tracking_no: '', courier_code: undefined }}
        onFinish={() => void submit()}
        onValuesChange={(changed: Partial<Values>) => {
          if ('courier_code' in changed) picked.current = changed.courier_code !== undefined;
          if ('tracking_no' in changed && !picked.current) {
            const code = detectCourierCode(changed.tracking_no ?? '');
            form.setFieldsValue({ courier_code: code ?? undefined });
          }
        }}
      >
        <Form.Item
          name="tracking_no"
          label="运单号"
          required
          normalize={(v: string) => normalizeTrackingNo(v ?? '')}
          rules={[
            {
              validator: async (_rule, value) => {
                const r = trackingNoSchema.safeParse(value ?? '');
                if (!r.success) throw new Error(r.error.issues[0]?.message ?? '运单号不正确');
              },
            },
          ]}
          extra={
            detected ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                按运单号前缀识别为 <Tag color="blue">{nameOf(detected)}</Tag>
              </Typography.Text>
            ) : (
              '8–30 位字母或数字，输入后自动识别快递公司'
            )
          }
        >
          <Input placeholder="如 SF1000000000001" maxLength={40} autoFocus allowClear autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="courier_code"
          label="快递公司"
          required
          rules={[{ required: true, message: '请选择快递公司' }]}
        >
          <Select
            placeholder="请选择快递公司"
            showSearch
            optionFilterProp="label"
            loading={couriers.isLoading}
            allowClear
            options={[
              {
                label: '本店快递',
                options: (couriers.data?.list ?? [])
                  .filter((c) => c.own)
                  .map((c) => ({ value: c.code, label: `${c.name}${c.is_default ? '（默认）' : ''}` })),
              },
              {
                label: '其他快递',
                options: (couriers.data?.list ?? [])
                  .filter((c) => !c.own)
                  .map((c) => ({ value: c.code, label: c.name })),
              },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
