import {
  type ChatSettings,
  type ChatSettingsBody,
  chatSettingsBodySchema,
  chatSettingsRoles,
  roleLabels,
} from '@pharmacy/shared';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Skeleton, TimePicker } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useSaveChatSettings } from '../api/settings-save';
import { showServerFieldError, zodRule } from './settings-field-errors';

const fields = chatSettingsBodySchema.shape;
const TIME = 'HH:mm';

export const weekdayOptions = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map((label, i) => ({
  label,
  value: i + 1,
}));

/** Who may change the settings, in words (店主、药店管理员、经理). */
export const settingsEditors = chatSettingsRoles.map((r) => roleLabels[r]).join('、');

/**
 * The work days' checkboxes. Form.Item marks its control aria-required, which a checkbox group's plain element may
 * not carry (axe aria-allowed-attr); each checkbox is labelled and the field's label says 工作日.
 */
function WorkDaysInput({
  'aria-required': _required,
  ...props
}: CheckboxGroupProps<number> & { 'aria-required'?: unknown }) {
  return <Checkbox.Group<number> {...props} options={weekdayOptions} />;
}

interface Values {
  greeting: string;
  off_hours_reply: string;
  work_days: number[];
  work_start: Dayjs | null;
  work_end: Dayjs | null;
  per_staff_limit: number | null;
}

const fieldNames = ['greeting', 'off_hours_reply', 'work_days', 'work_start', 'work_end', 'per_staff_limit'] as const;

const toValues = (s: ChatSettings): Values => ({
  greeting: s.greeting,
  off_hours_reply: s.off_hours_reply,
  work_days: [...s.work_days].sort((a, b) => a - b),
  work_start: dayjs(s.work_start, TIME),
  work_end: dayjs(s.work_end, TIME),
  per_staff_limit: s.per_staff_limit,
});

const toBody = (v: Values): ChatSettingsBody => ({
  greeting: v.greeting,
  off_hours_reply: v.off_hours_reply,
  work_days: [...v.work_days].sort((a, b) => a - b),
  work_start: v.work_start?.format(TIME) ?? '',
  work_end: v.work_end?.format(TIME) ?? '',
  per_staff_limit: v.per_staff_limit ?? 0,
});

/**
 * 接待设置: the greeting, the off-hours auto-reply, the working days and hours, the per-person limit. Editable only by
 * the roles that manage the chat settings (`settings.editable`); others read them with a hint whom to ask.
 */
export function SettingsReceptionForm({ settings }: { settings: ChatSettings | undefined }) {
  const save = useSaveChatSettings();
  const [form] = Form.useForm<Values>();
  const editable = settings?.editable ?? false;

  useEffect(() => {
    if (settings) form.setFieldsValue(toValues(settings));
  }, [settings, form]);

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await save.mutateAsync(toBody(values));
      dialogToast.success('聊天设置已保存');
    } catch (error) {
      showServerFieldError(form, error, fieldNames);
    }
  };

  return (
    <Card title="接待设置" size="small">
      {!settings ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<Values>
          form={form}
          name="chat-settings"
          layout="vertical"
          initialValues={toValues(settings)}
          disabled={!editable}
          requiredMark={editable}
        >
          {!editable ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={`接待设置仅${settingsEditors}可以修改，如需调整请联系他们`}
            />
          ) : null}
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Form.Item
                name="greeting"
                label="欢迎语"
                required
                rules={[zodRule(fields.greeting)]}
                extra="患者发起咨询时自动发送"
              >
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                name="off_hours_reply"
                label="非工作时间自动回复"
                required
                rules={[zodRule(fields.off_hours_reply)]}
                extra="非工作时间收到患者消息时自动回复"
              >
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={500} showCount />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item name="work_days" label="工作日" required rules={[zodRule(fields.work_days)]}>
                <WorkDaysInput />
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item
                name="work_start"
                label="上班时间"
                required
                rules={[{ required: true, message: '请选择上班时间' }]}
              >
                <TimePicker format={TIME} minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item
                name="work_end"
                label="下班时间"
                required
                dependencies={['work_start']}
                rules={[
                  { required: true, message: '请选择下班时间' },
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: Dayjs | null) => {
                      const start = getFieldValue('work_start') as Dayjs | null;
                      if (value && start && value.format(TIME) <= start.format(TIME))
                        throw new Error('下班时间须晚于上班时间');
                    },
                  }),
                ]}
              >
                <TimePicker format={TIME} minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} lg={4}>
              <Form.Item
                name="per_staff_limit"
                label="每人接待上限"
                required
                validateFirst
                rules={[{ required: true, message: '请输入接待上限' }, zodRule(fields.per_staff_limit)]}
                extra="同时接待的会话数"
              >
                <InputNumber precision={0} min={0} max={999} suffix="个" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          {editable ? (
            <Flex justify="flex-end">
              <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
                保存设置
              </Button>
            </Flex>
          ) : null}
        </Form>
      )}
    </Card>
  );
}
