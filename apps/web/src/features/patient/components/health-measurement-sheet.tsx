import { type HealthMeasurementBody, healthMeasurementBodySchema } from '@pharmacy/shared';
import { Button, DatePicker, Drawer, Form, type FormRule, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useAddHealthMeasurement } from '../api/health-submit';
import { sheetProps } from './bits';

interface Values {
  measured_at: Dayjs | null;
  height_cm?: number | null;
  weight_kg?: number | null;
  systolic?: number | null;
  diastolic?: number | null;
  blood_sugar?: number | null;
}

const toBody = (memberId: number, v: Values) => ({
  ...v,
  family_member_id: memberId,
  measured_at: v.measured_at ? v.measured_at.toISOString() : '',
});

/** A rule from the shared measurement schema (the whole sheet is checked, this field's first issue shown). */
const rule =
  (memberId: number, name: keyof Values): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const result = healthMeasurementBodySchema.safeParse(toBody(memberId, getFieldsValue(true) as Values));
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === name);
      if (issue) throw new Error(issue.message);
    },
  });

const others: (keyof Values)[] = ['height_cm', 'weight_kg', 'systolic', 'diastolic', 'blood_sugar'];

/** 记录测量: when, and any of height, weight, blood pressure (both values), fasting blood sugar. */
export function HealthMeasurementSheet({
  memberId,
  memberName,
  open,
  onClose,
}: {
  memberId: number;
  memberName: string;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const add = useAddHealthMeasurement();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const parsed = healthMeasurementBodySchema.safeParse(toBody(memberId, form.getFieldsValue(true)));
    if (!parsed.success) return;
    try {
      await add.mutateAsync(parsed.data as HealthMeasurementBody);
      dialogToast.success('已记录');
      form.resetFields();
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      const m = /^([a-z_]+) (.+)$/.exec(error.msg);
      if (m && (m[1] === 'measured_at' || others.includes(m[1] as keyof Values)))
        form.setFields([{ name: m[1] as keyof Values, errors: [m[2]] }]);
    }
  };

  const num = (name: keyof Values, label: string, placeholder: string, precision?: number) => (
    <Form.Item label={label} name={name} rules={[rule(memberId, name)]} dependencies={others.filter((o) => o !== name)}>
      <InputNumber style={{ width: '100%' }} placeholder={placeholder} precision={precision} step={0.1} />
    </Form.Item>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="bottom"
      size="auto"
      title={`记录测量 · ${memberName}`}
      {...sheetProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ measured_at: dayjs() }}>
        <Form.Item label="测量时间" name="measured_at" rules={[rule(memberId, 'measured_at')]}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            inputReadOnly
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          {num('weight_kg', '体重 (kg)', '如 62.5')}
          {num('height_cm', '身高 (cm)', '如 170')}
        </div>
        <div style={{ display: 'flex', gap: 12 }}>
          {num('systolic', '收缩压 (mmHg)', '高压', 0)}
          {num('diastolic', '舒张压 (mmHg)', '低压', 0)}
        </div>
        {num('blood_sugar', '空腹血糖 (mmol/L)', '如 5.6')}
        <Button type="primary" block size="large" shape="round" loading={add.isPending} onClick={() => void submit()}>
          保存
        </Button>
      </Form>
    </Drawer>
  );
}
