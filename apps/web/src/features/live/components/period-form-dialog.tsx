import {
  formatShanghaiDateTime,
  type Period,
  type PeriodBody,
  parseShanghaiTime,
  periodBodySchema,
} from '@pharmacy/shared';
import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useCopyPeriod, useSavePeriod } from '../api/periods';
import { showServerFieldError, zodRule } from './question-form-rules';

interface Values {
  name: string;
  range: [Dayjs | null, Dayjs | null] | null;
}

const FORMAT = 'YYYY-MM-DD HH:mm';

/** An ISO time as the picker's value: the Shanghai wall time, whatever the browser's zone. */
export const pickerValue = (iso: string): Dayjs | null => {
  const wall = formatShanghaiDateTime(iso);
  return wall ? dayjs(wall) : null;
};
/** The picker's wall time read as Shanghai time, as ISO; '' when there is none. */
export const isoOf = (d: Dayjs | null | undefined): string =>
  d ? (parseShanghaiTime(d.format(FORMAT))?.toISOString() ?? '') : '';

export type PeriodDialogMode = { kind: 'create' } | { kind: 'edit'; period: Period } | { kind: 'copy'; period: Period };

const titles = { create: '新建营期', edit: '编辑营期', copy: '复制营期' } as const;

/**
 * 新建营期 / 编辑营期 / 复制营期 (name and dates; a copy binds the same lives in the same order). Dates are Shanghai
 * wall times.
 */
export function PeriodFormDialog({
  columnId,
  mode,
  onClose,
  onSaved,
}: {
  columnId: number;
  mode: PeriodDialogMode;
  onClose: () => void;
  /** The period written (a new one is selected by the page). */
  onSaved?: (period: Period) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSavePeriod();
  const copy = useCopyPeriod();
  const source = mode.kind === 'create' ? undefined : mode.period;
  const pending = save.isPending || copy.isPending;

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const body = { name: values.name, start_at: isoOf(values.range?.[0]), end_at: isoOf(values.range?.[1]) };
    const parsed = periodBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      form.setFields([
        { name: issue?.path[0] === 'name' ? 'name' : 'range', errors: [issue?.message ?? '格式不正确'] },
      ]);
      return;
    }
    const input: PeriodBody = parsed.data;
    try {
      const period =
        mode.kind === 'copy'
          ? await copy.mutateAsync({ id: mode.period.id, body: input })
          : await save.mutateAsync({ columnId, id: mode.kind === 'edit' ? mode.period.id : undefined, body: input });
      dialogToast.success(mode.kind === 'copy' ? '营期已复制' : mode.kind === 'edit' ? '营期已保存' : '营期已新建');
      onSaved?.(period);
      onClose();
    } catch (error) {
      if (!showServerFieldError(form, error, ['name'])) {
        showServerFieldError(form, error, ['start_at', 'end_at']);
      }
    }
  };

  const initialValues: Values = source
    ? {
        name: mode.kind === 'copy' ? `${source.name}（副本）`.slice(0, 50) : source.name,
        range: [pickerValue(source.start_at), pickerValue(source.end_at)],
      }
    : { name: '', range: null };

  return (
    <Modal
      open
      title={titles[mode.kind]}
      okText={mode.kind === 'copy' ? '复制' : '保存'}
      cancelText="取消"
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {mode.kind === 'copy' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`新营期将按原顺序绑定「${mode.period.name}」的 ${mode.period.live_count} 场直播，不复制报名学员`}
        />
      ) : null}
      <Form<Values> form={form} name="period-form" layout="vertical" preserve={false} initialValues={initialValues}>
        <Form.Item name="name" label="营期名称" required rules={[zodRule(periodBodySchema.shape.name)]}>
          <Input maxLength={50} placeholder="如 第 1 期" />
        </Form.Item>
        <Form.Item
          name="range"
          label="营期时间"
          required
          rules={[
            {
              validator: async (_rule, value: Values['range']) => {
                if (!value?.[0] || !value?.[1]) throw new Error('请选择营期的开始和结束时间');
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={FORMAT}
            placeholder={['开始时间', '结束时间']}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
