import { type AdminPharmacyCreateBody, adminPharmacyCreateBodySchema } from '@pharmacy/shared';
import { Col, Form, Input, Modal, Row, Typography } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useCreatePharmacy } from '../api/pharmacy-create';

type Values = Omit<AdminPharmacyCreateBody, 'qualifications'>;
const fields = Object.keys(adminPharmacyCreateBodySchema.shape) as (keyof Values)[];

/** A form rule from the shared schema's field: the same words the server would answer. */
const rule = (name: keyof Values) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = adminPharmacyCreateBodySchema.shape[name].safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
  },
});

/**
 * 新增药店: the operator enters an application (待审核) for a new pharmacy and its owner; the owner's account is made
 * when the phone is new (it signs in with an SMS code). Documents are added in the detail drawer, then checked.
 */
export function PharmacyCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const create = useCreatePharmacy();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      const created = await create.mutateAsync({ ...values, qualifications: [] });
      dialogToast.success('已新增入驻申请，请在详情中补充并核对资质');
      onClose();
      onCreated?.(created.id);
    } catch (error) {
      if (!isApiError(error) || !error.msg) return;
      if (error.httpCode === 409) form.setFields([{ name: 'name', errors: [error.msg] }]);
      const field = fields.find((f) => error.msg?.startsWith(`${f} `));
      if (error.httpCode === 400 && field)
        form.setFields([{ name: field, errors: [error.msg.slice(field.length + 1)] }]);
    }
  };

  const item = (name: keyof Values, label: string, placeholder: string, max: number, required = true) => (
    <Form.Item name={name} label={label} required={required} rules={[rule(name)]}>
      <Input maxLength={max} placeholder={placeholder} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title="新增药店"
      okText="提交申请"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={680}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        新增的药店为「待审核」状态：补充并核对营业执照、药品经营许可证、互联网药品信息服务资格证书后即可通过。
      </Typography.Paragraph>
      <Form<Values> form={form} name="pharmacy-create" layout="vertical" initialValues={{ business_hours: '' }}>
        {item('name', '药店名称', '如 杭州康宁大药房（文三路店）', 100)}
        <Row gutter={12}>
          <Col span={8}>{item('province', '省份', '如 浙江省', 32)}</Col>
          <Col span={8}>{item('city', '城市', '如 杭州市', 32)}</Col>
          <Col span={8}>{item('district', '区县', '如 西湖区', 32)}</Col>
        </Row>
        {item('address', '详细地址', '街道、门牌号', 200)}
        <Row gutter={12}>
          <Col span={12}>{item('phone', '药店电话', '如 0571-87651234', 32)}</Col>
          <Col span={12}>{item('business_hours', '营业时间', '如 08:00-22:00', 64, false)}</Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>{item('owner_name', '店主姓名', '店主真实姓名', 50)}</Col>
          <Col span={12}>
            <Form.Item
              name="owner_phone"
              label="店主手机号"
              required
              rules={[rule('owner_phone')]}
              extra="账号不存在时自动创建，店主可用短信验证码登录"
            >
              <Input maxLength={11} placeholder="11 位手机号" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
