import type { OrderSummary } from '@pharmacy/shared';
import {
  Button,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CopyButton } from '../../../../components/copy-button';
import { validatedValues } from '../../../../components/form-validation';
import { dialogToast } from '../../../../lib/feedback';
import { formatDateTime } from '../../../../lib/format';
import { isApiError } from '../../../../lib/http';
import { useAddTrackingEvent, useLogistics } from '../../api/shipping-logistics';
import { LabelButton } from './sf-send-good-dialog';

interface Values {
  occurred_at: Dayjs;
  description: string;
  location: string;
}

const sourceLabels = { manual: '手动发货', batch: '批量发货', sf: '顺丰电子面单' } as const;

/** 物流: the shipment and its tracking timeline (newest first), and a form to add an event. */
export function LogisticsDialog({
  id,
  order,
  onClose,
}: {
  id: number;
  order: OrderSummary | null;
  onClose: () => void;
}) {
  const { data, isLoading } = useLogistics(id);
  const add = useAddTrackingEvent();
  const [form] = Form.useForm<Values>();
  const shipment = data?.shipment ?? null;

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await add.mutateAsync({
        id,
        occurred_at: values.occurred_at.toISOString(),
        description: values.description.trim(),
        location: values.location.trim(),
      });
      dialogToast.success('已添加物流动态');
      form.resetFields();
    } catch (error) {
      if (isApiError(error) && error.msg.startsWith('occurred_at ')) {
        form.setFields([{ name: 'occurred_at', errors: [error.msg.slice('occurred_at '.length)] }]);
      }
    }
  };

  return (
    <Modal
      open
      title={`物流信息 · ${data?.order_no ?? order?.order_no ?? ''}`}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {isLoading ? <Skeleton active /> : null}
      {data && !shipment ? <Empty description="该订单尚未发货，暂无物流信息" /> : null}
      {shipment ? (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            style={{ marginBottom: 16 }}
            items={[
              { key: 'c', label: '快递公司', children: shipment.company_name },
              {
                key: 'n',
                label: '运单号',
                children: (
                  <Space size={4}>
                    <Typography.Text strong>{shipment.tracking_no}</Typography.Text>
                    <CopyButton text={shipment.tracking_no} size="small" type="link" />
                  </Space>
                ),
              },
              { key: 't', label: '发货时间', children: formatDateTime(shipment.shipped_at) },
              { key: 's', label: '发货方式', children: <Tag>{sourceLabels[shipment.source]}</Tag> },
            ]}
          />
          {shipment.source === 'sf' ? (
            <div style={{ marginBottom: 16 }}>
              <LabelButton id={id}>打印面单</LabelButton>
            </div>
          ) : null}
          <Typography.Title level={5}>物流轨迹</Typography.Title>
          <Timeline
            style={{ marginTop: 16 }}
            items={data!.events.map((e, i) => ({
              key: e.id ?? 'shipped',
              color: i === 0 ? 'green' : 'gray',
              content: (
                <div>
                  <Typography.Text strong={i === 0}>{e.description}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(e.occurred_at)}
                    {e.location ? ` · ${e.location}` : ''}
                  </Typography.Text>
                </div>
              ),
            }))}
          />
          <Typography.Title level={5}>添加物流动态</Typography.Title>
          <Form<Values>
            form={form}
            layout="vertical"
            name="tracking-event"
            initialValues={{ occurred_at: dayjs(), description: '', location: '' }}
            onFinish={() => void submit()}
          >
            <Space align="start" wrap>
              <Form.Item name="occurred_at" label="时间" rules={[{ required: true, message: '请选择时间' }]}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                  allowClear={false}
                />
              </Form.Item>
              <Form.Item name="location" label="地点" rules={[{ max: 100, message: '地点最多 100 字' }]}>
                <Input placeholder="如 杭州" maxLength={100} style={{ width: 160 }} />
              </Form.Item>
            </Space>
            <Form.Item
              name="description"
              label="物流动态"
              rules={[
                { required: true, whitespace: true, message: '请填写物流动态' },
                { max: 200, message: '物流动态最多 200 字' },
              ]}
            >
              <Input.TextArea rows={2} placeholder="如：快件已到达【杭州西湖集散中心】" maxLength={200} showCount />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              添加动态
            </Button>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
