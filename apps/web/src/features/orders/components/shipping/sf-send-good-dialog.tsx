import { PrinterOutlined } from '@ant-design/icons';
import type { OrderSummary, Shipment } from '@pharmacy/shared';
import { Alert, Button, Descriptions, Form, Input, Modal, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { validatedValues } from '../../../../components/form-validation';
import { dialogToast } from '../../../../lib/feedback';
import { useShippingCouriers } from '../../api/shipping-couriers';
import { downloadLabel } from '../../api/shipping-labels';
import { useSfSendGood } from '../../api/shipping-sf-send-good';
import { ShippingOrderCard } from './shipping-order-card';

interface Values {
  cargo: string;
  remark: string;
}

/** Downloads an order's label PDF; the http client shows a failure. */
export function LabelButton({ id, children = '下载面单 PDF' }: { id: number; children?: string }) {
  const [loading, setLoading] = useState(false);
  return (
    <Button
      icon={<PrinterOutlined />}
      loading={loading}
      onClick={() => {
        setLoading(true);
        downloadLabel(id)
          .catch(() => undefined)
          .finally(() => setLoading(false));
      }}
    >
      {children}
    </Button>
  );
}

/**
 * 顺丰发货: an SF waybill through the SF interface with the pharmacy's SF courier as sender and 月结卡号, then the order
 * ships; the answer shows the waybill number and its label to print.
 */
export function SfSendGoodDialog({
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
  const send = useSfSendGood();
  const [done, setDone] = useState<Shipment | null>(null);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      const shipment = await send.mutateAsync({
        id,
        cargo: values.cargo.trim() || undefined,
        remark: values.remark.trim() || undefined,
      });
      dialogToast.success(`已生成顺丰运单 ${shipment.tracking_no}`);
      setDone(shipment);
    } catch {
      // the http client has shown why (no SF courier, 409 shipped meanwhile)
    }
  };

  if (done) {
    return (
      <Modal
        open
        title="顺丰发货"
        onCancel={onClose}
        destroyOnHidden
        width={560}
        footer={
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        }
      >
        <Result
          status="success"
          title="已生成顺丰运单，订单已发货"
          subTitle={`运单号 ${done.tracking_no}`}
          extra={<LabelButton id={done.order_id}>打印面单</LabelButton>}
        />
        {done.waybill ? (
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'w', label: '运单号', children: done.tracking_no },
              { key: 'p', label: '产品', children: done.waybill.product_name },
              { key: 'o', label: '原寄地', children: done.waybill.origin_code },
              { key: 'd', label: '目的地', children: done.waybill.dest_code },
            ]}
          />
        ) : null}
      </Modal>
    );
  }

  const noSf = couriers.data && !couriers.data.has_sf;
  return (
    <Modal
      open
      title={order ? `顺丰发货 · ${order.order_no}` : '顺丰发货'}
      okText="生成运单并发货"
      cancelText="取消"
      confirmLoading={send.isPending}
      okButtonProps={{ disabled: !couriers.data || !!noSf }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <ShippingOrderCard order={order} />
      {couriers.isLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {noSf ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="本药房尚未添加顺丰快递（月结卡号和寄件人信息），请先在「快递管理」中添加。"
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="将以本店顺丰月结账号下单，寄件人信息取自「快递管理」，生成 100 × 150 mm 电子面单。"
        />
      )}
      <Form<Values> form={form} layout="vertical" name="sf-send-good" initialValues={{ cargo: '', remark: '' }}>
        <Form.Item name="cargo" label="托寄物" rules={[{ max: 60, message: '托寄物最多 60 字' }]}>
          <Input placeholder="不填则为订单的第一件商品" maxLength={60} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 100, message: '备注最多 100 字' }]}>
          <Input.TextArea rows={2} placeholder="打印在面单上，如：易碎，轻放" maxLength={100} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
