import { type AdminTaskAddressInput, adminTaskAddressLine, adminTaskAddressSchema } from '@pharmacy/shared';
import { Button, Col, Flex, Form, Input, Modal, Row, Typography } from 'antd';
import { zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { toast } from '../../../lib/feedback';
import { useDiscernTaskAddress } from '../api/task-address-discern';

type Values = Required<AdminTaskAddressInput> & { text: string };
const fields = adminTaskAddressSchema.shape;

/**
 * 填写地址: paste a Chinese address (收货人：张三 电话：138… 地址：…) and 智能识别 splits it into name, phone,
 * province, city, district and detail; each stays editable; 确定 gives the task its one-line address.
 */
export function TaskAddressDialog({ onSave, onClose }: { onSave: (line: string) => void; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const discern = useDiscernTaskAddress();
  const line = Form.useWatch((v: Values) => (v?.detail ? adminTaskAddressLine(v) : ''), form);

  const recognise = async () => {
    const text = ((form.getFieldValue('text') as string | undefined) ?? '').trim();
    if (!text) {
      form.setFields([{ name: 'text', errors: ['请先粘贴地址'] }]);
      return;
    }
    try {
      const found = await discern.mutateAsync(text);
      form.setFieldsValue(found);
      const missing = (['province', 'detail'] as const).filter((k) => !found[k]);
      if (missing.length > 0) toast.warning('部分内容未能识别，请补充');
    } catch {
      // shown by the HTTP layer
    }
  };

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    onSave(adminTaskAddressLine(adminTaskAddressSchema.parse(values)));
    onClose();
  };

  return (
    <Modal
      open
      title="填写地址"
      width={620}
      okText="确定"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values> form={form} name="admin-task-address" layout="vertical">
        <Form.Item label="粘贴地址" extra="例如：收货人：张三 电话：13812345678 地址：上海市浦东新区张江路 88 号">
          <Flex vertical gap={8}>
            <Form.Item name="text" noStyle>
              <Input.TextArea
                rows={3}
                maxLength={500}
                placeholder="把整段地址粘贴到这里，点击智能识别"
                aria-label="粘贴地址"
              />
            </Form.Item>
            <Button onClick={() => void recognise()} loading={discern.isPending} style={{ alignSelf: 'flex-start' }}>
              智能识别
            </Button>
          </Flex>
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="name" label="收货人" rules={[zodRule(fields.name)]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="phone" label="电话" rules={[zodRule(fields.phone)]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="province" label="省" rules={[zodRule(fields.province)]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="city" label="市" rules={[zodRule(fields.city)]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="district" label="区/县" rules={[zodRule(fields.district)]}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="detail" label="详细地址" rules={[zodRule(fields.detail)]} required>
          <Input maxLength={120} placeholder="街道、门牌号" />
        </Form.Item>
        <Typography.Text type="secondary">保存为：{line || '-'}</Typography.Text>
      </Form>
    </Modal>
  );
}
