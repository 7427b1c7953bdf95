import {
  type CourierBody,
  type CourierCode,
  type CourierStatus,
  courierBodySchema,
  courierStatuses,
  courierStatusLabels,
} from '@pharmacy/shared';
import { Alert, Col, Form, Input, Modal, Radio, Result, Row, Select, Skeleton } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useCourierCompanies } from '../api/courier-companies';
import { useCourier } from '../api/courier-detail';
import { useSaveCourier } from '../api/courier-save';
import { showServerFieldError, zodRule } from './settings-rules';

const fields = courierBodySchema.shape;

interface Values {
  courier_code: CourierCode | undefined;
  account_no: string;
  sender_name: string;
  sender_phone: string;
  sender_province: string;
  sender_city: string;
  sender_district: string;
  sender_address: string;
  status: CourierStatus;
  remark: string;
}

const fieldNames = [
  'courier_code',
  'account_no',
  'sender_name',
  'sender_phone',
  'sender_province',
  'sender_city',
  'sender_district',
  'sender_address',
  'status',
  'remark',
] as const;

const empty: Values = {
  courier_code: undefined,
  account_no: '',
  sender_name: '',
  sender_phone: '',
  sender_province: '',
  sender_city: '',
  sender_district: '',
  sender_address: '',
  status: 'enabled',
  remark: '',
};

function CourierForm(props: { id: number | null; initial: Values; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveCourier();
  const { data: companies } = useCourierCompanies();
  const code = Form.useWatch('courier_code', form) ?? props.initial.courier_code;
  const sf = code === 'SF';

  /** A field's own rule, and for SF the company's requirements (the schema's superRefine) on that field. */
  const rulesFor = (name: keyof Values) => [
    zodRule(fields[name]),
    {
      validator: async () => {
        const result = courierBodySchema.safeParse(form.getFieldsValue(true));
        const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === name);
        if (issue) throw new Error(issue.message);
      },
    },
  ];

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({ id: props.id ?? undefined, ...(values as CourierBody) });
      dialogToast.success(props.id ? '快递已保存' : '快递已添加');
      props.onClose();
    } catch (error) {
      showServerFieldError(form, error, fieldNames);
    }
  };

  return (
    <Modal
      open
      title={props.id ? '编辑快递' : '添加快递'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={props.onClose}
      destroyOnHidden
      width={680}
    >
      <Form<Values>
        form={form}
        name="courier-form"
        layout="vertical"
        initialValues={props.initial}
        onValuesChange={(changed) => {
          // SF's requirements depend on the company: recheck the fields that showed them
          if ('courier_code' in changed) {
            const shown = form
              .getFieldsError()
              .filter((f) => f.errors.length > 0)
              .map((f) => f.name);
            if (shown.length) void validatedValues(form, shown);
          }
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="courier_code" label="快递公司" required rules={[zodRule(fields.courier_code)]}>
              <Select
                placeholder="请选择快递公司"
                showSearch
                optionFilterProp="label"
                loading={!companies}
                options={(companies ?? []).map((c) => ({ value: c.code, label: `${c.name}（${c.code}）` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="account_no"
              label={sf ? '月结卡号' : '客户编码 / 账号'}
              required={sf}
              rules={rulesFor('account_no')}
              extra={sf ? '顺丰月结卡号，10 位数字' : '选填，快递公司分配的客户编码或月结账号'}
            >
              <Input maxLength={64} inputMode={sf ? 'numeric' : undefined} placeholder={sf ? '如 0215678901' : ''} />
            </Form.Item>
          </Col>
        </Row>
        {sf ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="顺丰电子面单需要寄件人、寄件电话和寄件地址，下单时作为寄件信息打印在面单上。"
          />
        ) : null}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="sender_name" label="寄件人" required={sf} rules={rulesFor('sender_name')}>
              <Input maxLength={50} placeholder="如 仁心大药房" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sender_phone" label="寄件电话" required={sf} rules={rulesFor('sender_phone')}>
              <Input maxLength={32} placeholder="手机或座机，如 021-58881234" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sender_province" label="省份" required={sf} rules={rulesFor('sender_province')}>
              <Input maxLength={32} placeholder="如 上海市" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sender_city" label="城市" required={sf} rules={rulesFor('sender_city')}>
              <Input maxLength={32} placeholder="如 上海市" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sender_district" label="区县" rules={rulesFor('sender_district')}>
              <Input maxLength={32} placeholder="如 浦东新区" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="sender_address" label="详细地址" required={sf} rules={rulesFor('sender_address')}>
              <Input maxLength={200} placeholder="街道、门牌号" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="status" label="状态" rules={[zodRule(fields.status)]}>
              <Radio.Group
                optionType="button"
                options={courierStatuses.map((s) => ({ value: s, label: courierStatusLabels[s] }))}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注" rules={[zodRule(fields.remark)]}>
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/**
 * 添加快递 (id null) or 编辑快递. The edit form waits for the courier's detail (its sender phone unmasked); a new
 * courier starts with the sender of `templateId` (the default courier), since a pharmacy ships from one address.
 */
export function CourierFormDialog(props: { id: number | null; templateId?: number | null; onClose: () => void }) {
  const sourceId = props.id ?? props.templateId ?? null;
  const { data, isLoading, isError } = useCourier(sourceId);
  const title = props.id === null ? '添加快递' : '编辑快递';
  if (sourceId !== null && isLoading) {
    return (
      <Modal open title={title} footer={null} onCancel={props.onClose}>
        <Skeleton active />
      </Modal>
    );
  }
  if (props.id === null) {
    const initial: Values = data
      ? {
          ...empty,
          sender_name: data.sender_name,
          sender_phone: data.sender_phone,
          sender_province: data.sender_province,
          sender_city: data.sender_city,
          sender_district: data.sender_district,
          sender_address: data.sender_address,
        }
      : empty;
    return <CourierForm id={null} initial={initial} onClose={props.onClose} />;
  }
  if (isError || !data) {
    return (
      <Modal open title={title} footer={null} onCancel={props.onClose}>
        <Result status="404" title="快递不存在或已删除" />
      </Modal>
    );
  }
  const { id: _id, company_name: _name, is_default: _default, updated_at: _updated, ...initial } = data;
  return <CourierForm id={props.id} initial={initial} onClose={props.onClose} />;
}
