import {
  AUTO_CONFIRM_DAYS_MAX,
  AUTO_CONFIRM_DAYS_MIN,
  EXPIRY_WARNING_MONTHS_MAX,
  type PharmacySetting,
  type PharmacySettingBody,
  pharmacySettingBodySchema,
} from '@pharmacy/shared';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useCouriers } from '../api/couriers';
import { useSetting, useUpdateSetting } from '../api/settings';
import { showServerFieldError, zodRule } from './settings-rules';

const fields = pharmacySettingBodySchema.shape;

interface Values {
  freight: string;
  free_freight_threshold: string;
  auto_confirm_days: number;
  default_courier: PharmacySettingBody['default_courier'];
  service_phone: string;
  expiry_warning_months: number;
}

const toValues = (s: PharmacySetting): Values => ({
  freight: s.freight,
  free_freight_threshold: s.free_freight_threshold ?? '',
  auto_confirm_days: s.auto_confirm_days,
  default_courier: s.default_courier as Values['default_courier'],
  service_phone: s.service_phone,
  expiry_warning_months: s.expiry_warning_months,
});

const fieldNames = [
  'freight',
  'free_freight_threshold',
  'auto_confirm_days',
  'default_courier',
  'service_phone',
  'expiry_warning_months',
] as const;

/** The default courier's choices: the pharmacy's enabled couriers, one entry per company. */
function useDefaultCourierOptions(current: PharmacySetting | undefined) {
  const { data } = useCouriers({ page: 1, page_size: 100, status: 'enabled' });
  return useMemo(() => {
    const byCode = new Map<string, string>();
    for (const c of data?.list ?? []) if (!byCode.has(c.courier_code)) byCode.set(c.courier_code, c.company_name);
    if (current?.default_courier && !byCode.has(current.default_courier))
      byCode.set(current.default_courier, current.default_courier_name || current.default_courier);
    return [
      { value: '', label: '不设置默认快递' },
      ...[...byCode].map(([value, label]) => ({ value, label: `${label}（${value}）` })),
    ];
  }, [data, current]);
}

/** 运费设置, 客服电话 and the expiry warning window: one form, saved together (PUT pharmacy/setting). */
export function SettingsForm() {
  const { data, isLoading } = useSetting();
  const save = useUpdateSetting();
  const [form] = Form.useForm<Values>();
  const courierOptions = useDefaultCourierOptions(data);

  useEffect(() => {
    if (data) form.setFieldsValue(toValues(data));
  }, [data, form]);

  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 6 }} />;

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const body: PharmacySettingBody = values;
    try {
      await save.mutateAsync(body);
      dialogToast.success('设置已保存');
    } catch (error) {
      showServerFieldError(form, error, fieldNames);
    }
  };

  return (
    <Form<Values> form={form} name="pharmacy-setting" layout="vertical" initialValues={toValues(data)}>
      <Flex vertical gap={16}>
        <Card title="运费设置" size="small">
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <Form.Item
                name="freight"
                label="运费"
                required
                rules={[zodRule(fields.freight)]}
                extra="每单收取的运费，0 表示免运费"
              >
                <Input inputMode="decimal" suffix="元" maxLength={12} placeholder="如 6.00" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="free_freight_threshold"
                label="包邮门槛"
                rules={[zodRule(fields.free_freight_threshold)]}
                extra="订单商品金额达到该金额免运费，留空表示不包邮"
              >
                <Input inputMode="decimal" suffix="元" maxLength={12} placeholder="不包邮" allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="auto_confirm_days"
                label="自动确认收货（天）"
                required
                rules={[zodRule(fields.auto_confirm_days)]}
                extra={`发货后 ${AUTO_CONFIRM_DAYS_MIN}–${AUTO_CONFIRM_DAYS_MAX} 天未确认收货的订单自动完成`}
              >
                <InputNumber precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="default_courier"
                label="默认快递"
                rules={[zodRule(fields.default_courier)]}
                extra={
                  courierOptions.length > 1 ? (
                    '发货时默认选用的快递公司'
                  ) : (
                    <>
                      还没有启用的快递，请先到<Link to="/pharmacy/courier">快递设置</Link>添加
                    </>
                  )
                }
              >
                <Select options={courierOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="顺丰月结卡号" extra={<Link to="/pharmacy/courier">在快递设置中修改</Link>}>
                <Typography.Text>{data.sf_account || '未设置'}</Typography.Text>
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <Card title="客服电话" size="small" style={{ height: '100%' }}>
              <Row gutter={24}>
                <Col span={24}>
                  <Form.Item
                    name="service_phone"
                    label="客服电话"
                    required
                    rules={[zodRule(fields.service_phone)]}
                    extra="顾客在订单和药店页看到的联系电话，手机或座机（如 021-58881234）"
                  >
                    <Input maxLength={32} placeholder="如 021-58881234" />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card title="资质到期提醒" size="small" style={{ height: '100%' }}>
              <Row gutter={24}>
                <Col span={24}>
                  <Form.Item
                    name="expiry_warning_months"
                    label="提前提醒（月）"
                    rules={[zodRule(fields.expiry_warning_months)]}
                    extra={`资质证照在到期前多少个月标为“即将到期”，1–${EXPIRY_WARNING_MONTHS_MAX} 个月，默认 6 个月`}
                  >
                    <InputNumber precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
        </Row>

        <Flex justify="flex-end">
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存设置
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
