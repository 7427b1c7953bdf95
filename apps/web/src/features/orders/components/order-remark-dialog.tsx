import { ORDER_REMARK_MAX } from '@pharmacy/shared';
import { Alert, Button, Flex, Form, Input, List, Modal, Typography } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useAddOrderRemark } from '../api/order-remark-add';
import { useOrderRemarks } from '../api/order-remarks';

/** 备注: the order's remark history (newest first) and a new remark, signed with the staff member's name. */
export function OrderRemarkDialog({ id, orderNo, onClose }: { id: number; orderNo?: string; onClose: () => void }) {
  const [form] = Form.useForm<{ content: string }>();
  const remarks = useOrderRemarks(id);
  const add = useAddOrderRemark();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await add.mutateAsync({ id, content: values.content.trim() });
      form.resetFields();
      dialogToast.success('已添加备注');
    } catch {
      // shown by the http client
    }
  };

  return (
    <Modal
      open
      title={orderNo ? `订单备注 · ${orderNo}` : '订单备注'}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" name="order-remark" onFinish={() => void submit()}>
        <Form.Item
          name="content"
          label="新增备注"
          rules={[
            { required: true, whitespace: true, message: '请填写备注' },
            { max: ORDER_REMARK_MAX, message: `备注最多 ${ORDER_REMARK_MAX} 字` },
          ]}
        >
          <Input.TextArea rows={3} showCount maxLength={ORDER_REMARK_MAX} placeholder="仅本店员工可见" />
        </Form.Item>
        <Flex justify="end" gap={8} style={{ marginBottom: 16 }}>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            添加备注
          </Button>
        </Flex>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        备注记录{remarks.data ? `（${remarks.data.length}）` : ''}
      </Typography.Title>
      {remarks.isError ? (
        <Alert type="error" showIcon title="订单不存在或已删除" />
      ) : (
        <List
          aria-label="备注记录"
          size="small"
          bordered
          loading={remarks.isPending}
          dataSource={remarks.data ?? []}
          locale={{ emptyText: '暂无备注' }}
          style={{ maxHeight: 320, overflowY: 'auto' }}
          renderItem={(r) => (
            <List.Item>
              <Flex vertical gap={2} style={{ width: '100%' }}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{r.content}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.author_name || '-'} · {formatDateTime(r.created_at)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
