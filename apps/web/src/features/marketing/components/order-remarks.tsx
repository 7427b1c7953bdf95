import type { OrderRemark } from '@pharmacy/shared';
import { Button, Empty, Flex, Form, Input, List, Typography } from 'antd';
import { showServerFieldError } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useAddCustomerOrderRemark } from '../api/customer-order-detail';

/** 订单备注: the history (newest first) and a box to add one (staff only; the customer does not see them). */
export function OrderRemarks({ orderId, remarks }: { orderId: number; remarks: OrderRemark[] }) {
  const [form] = Form.useForm<{ content: string }>();
  const add = useAddCustomerOrderRemark();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await add.mutateAsync({ id: orderId, content: values.content.trim() });
      form.resetFields();
      dialogToast.success('已添加备注');
    } catch (error) {
      showServerFieldError(form, error, ['content']);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Form form={form} layout="vertical" aria-label="添加备注">
        <Form.Item
          name="content"
          rules={[
            { required: true, whitespace: true, message: '请填写备注' },
            { max: 500, message: '备注最多 500 字' },
          ]}
          style={{ marginBottom: 8 }}
        >
          <Input.TextArea
            rows={2}
            maxLength={500}
            showCount
            placeholder="跟进情况、客户要求等（仅员工可见）"
            aria-label="备注内容"
          />
        </Form.Item>
        <Button type="primary" loading={add.isPending} onClick={() => void submit()}>
          添加备注
        </Button>
      </Form>
      {remarks.length ? (
        <List
          size="small"
          dataSource={remarks}
          aria-label="备注记录"
          renderItem={(r) => (
            <List.Item key={r.id}>
              <Flex vertical style={{ width: '100%' }}>
                <Typography.Text>{r.content}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.author_name} · {formatDateTime(r.created_at)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无备注" />
      )}
    </Flex>
  );
}
