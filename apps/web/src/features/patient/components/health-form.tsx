import {
  allergyConfirmOptions,
  chronicConditionOptions,
  drinkingOptions,
  exerciseOptions,
  type HealthAnswersInput,
  healthAnswersSchema,
  healthSubmitBodySchema,
  type MyHealthEntry,
  pregnancyOptions,
  smokingOptions,
} from '@pharmacy/shared';
import { Button, Checkbox, Form, type FormRule, Input, InputNumber, Radio, Typography } from 'antd';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast, toast } from '../../../lib/feedback';
import { isApiError } from '../../../lib/http';
import { useSubmitHealthForm } from '../api/health-submit';

type Values = HealthAnswersInput;

/**
 * A rule from the shared answers schema: the whole form is checked (cross-field rules such as 舒张压应低于收缩压
 * included) and the first issue of this field is its message, so the page says exactly what the server would.
 */
const answerRule =
  (name: keyof Values): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const result = healthAnswersSchema.safeParse(getFieldsValue(true));
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === name);
      if (issue) throw new Error(issue.message);
    },
  });

/** The answers a new form starts from: the last ones (to correct a rejected form), else the recorded allergies. */
function initialValues(entry: MyHealthEntry): Partial<Values> {
  if (entry.form) return entry.form.answers as Partial<Values>;
  const allergies = entry.family_member.allergy_history;
  return {
    chronic_conditions: [],
    allergy_confirm: allergies.length ? 'yes' : undefined,
    allergy_detail: allergies.join('、'),
    pregnancy: 'none',
    medications: '',
    note: '',
  };
}

const radios = (options: readonly { value: string; label: string }[]) => (
  <Radio.Group optionType="button" buttonStyle="solid" options={options.map((o) => ({ ...o }))} />
);

/** The health form of one family member (antd Form; submitted through validatedValues and the shared schema). */
export function HealthForm({
  entry,
  onDone,
  onCancel,
}: {
  entry: MyHealthEntry;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const submit = useSubmitHealthForm();
  const member = entry.family_member;
  const female = member.gender !== 'male';
  const allergyConfirm = Form.useWatch('allergy_confirm', form);

  const onSubmit = async () => {
    const values = await validatedValues(form);
    if (!values) {
      // a long form on a phone: bring the first message into view
      const first = form.getFieldsError().find((f) => f.errors.length > 0);
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    const parsed = healthSubmitBodySchema.safeParse({
      family_member_id: member.id,
      answers: { ...form.getFieldsValue(true), pregnancy: female ? values.pregnancy : 'none' },
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? '请检查填写内容');
      return;
    }
    try {
      const result = await submit.mutateAsync(parsed.data);
      dialogToast.success(result.replaced ? '已重新提交' : '已提交，等待医生审核');
      onDone();
    } catch (error) {
      // a refusal naming a field ("answers.height_cm …", "pregnancy …") goes on that field
      if (!isApiError(error)) return;
      const m = /^(?:answers\.)?([a-z_]+) (.+)$/.exec(error.msg);
      if (m && m[1] in (form.getFieldsValue(true) as object))
        form.setFields([{ name: m[1] as keyof Values, errors: [m[2]] }]);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues(entry)}
      aria-label={`${member.name}的健康表`}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        身体指标
      </Typography.Title>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item label="身高 (cm)" name="height_cm" rules={[answerRule('height_cm')]} style={{ flex: 1 }}>
          <InputNumber style={{ width: '100%' }} inputMode="decimal" placeholder="30–250" step={0.1} />
        </Form.Item>
        <Form.Item label="体重 (kg)" name="weight_kg" rules={[answerRule('weight_kg')]} style={{ flex: 1 }}>
          <InputNumber style={{ width: '100%' }} inputMode="decimal" placeholder="2–300" step={0.1} />
        </Form.Item>
      </div>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item
          label="收缩压 (mmHg)"
          name="systolic"
          rules={[answerRule('systolic')]}
          dependencies={['diastolic']}
          style={{ flex: 1 }}
        >
          <InputNumber style={{ width: '100%' }} inputMode="numeric" placeholder="高压，选填" precision={0} />
        </Form.Item>
        <Form.Item
          label="舒张压 (mmHg)"
          name="diastolic"
          rules={[answerRule('diastolic')]}
          dependencies={['systolic']}
          style={{ flex: 1 }}
        >
          <InputNumber style={{ width: '100%' }} inputMode="numeric" placeholder="低压，选填" precision={0} />
        </Form.Item>
      </div>
      <Form.Item label="空腹血糖 (mmol/L)" name="blood_sugar" rules={[answerRule('blood_sugar')]}>
        <InputNumber style={{ width: '100%' }} inputMode="decimal" placeholder="选填，如 5.6" step={0.1} />
      </Form.Item>

      <Typography.Title level={5}>生活习惯</Typography.Title>
      <Form.Item label="吸烟" name="smoking" rules={[answerRule('smoking')]}>
        {radios(smokingOptions)}
      </Form.Item>
      <Form.Item label="饮酒" name="drinking" rules={[answerRule('drinking')]}>
        {radios(drinkingOptions)}
      </Form.Item>
      <Form.Item label="运动频率" name="exercise" rules={[answerRule('exercise')]}>
        <Radio.Group options={exerciseOptions.map((o) => ({ ...o }))} />
      </Form.Item>

      <Typography.Title level={5}>疾病与用药</Typography.Title>
      <Form.Item label="慢性病（可多选）" name="chronic_conditions" rules={[answerRule('chronic_conditions')]}>
        <Checkbox.Group options={chronicConditionOptions.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      <Form.Item label="正在使用的药物" name="medications" rules={[answerRule('medications')]}>
        <Input.TextArea rows={2} maxLength={500} placeholder="药名、剂量、用法，没有可不填" />
      </Form.Item>
      <Form.Item
        label="过敏史确认"
        name="allergy_confirm"
        rules={[answerRule('allergy_confirm')]}
        extra={`档案记录：${member.allergy_history.length ? member.allergy_history.join('、') : '无'}`}
      >
        {radios(allergyConfirmOptions)}
      </Form.Item>
      {allergyConfirm === 'yes' ? (
        <Form.Item
          label="过敏物质"
          name="allergy_detail"
          rules={[answerRule('allergy_detail')]}
          dependencies={['allergy_confirm']}
        >
          <Input maxLength={200} placeholder="如：青霉素、磺胺类" />
        </Form.Item>
      ) : null}
      {female ? (
        <Form.Item label="妊娠/哺乳" name="pregnancy" rules={[answerRule('pregnancy')]}>
          <Radio.Group options={pregnancyOptions.map((o) => ({ ...o }))} />
        </Form.Item>
      ) : null}
      <Form.Item label="备注" name="note" rules={[answerRule('note')]}>
        <Input.TextArea rows={2} maxLength={500} placeholder="想告诉医生的其他情况（选填）" />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8 }}>
        {onCancel ? (
          <Button block size="large" shape="round" onClick={onCancel}>
            取消
          </Button>
        ) : null}
        <Button
          type="primary"
          block
          size="large"
          shape="round"
          loading={submit.isPending}
          onClick={() => void onSubmit()}
        >
          提交健康表
        </Button>
      </div>
    </Form>
  );
}
