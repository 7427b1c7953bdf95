import { judgeAnswerLabels, type QuestionType } from '@pharmacy/shared';
import { Checkbox, Radio, Typography } from 'antd';

export interface AnswerPickerProps {
  type: QuestionType;
  /** The options' keys and texts (none for a judge question). */
  options: readonly { key: string; text: string }[];
  value?: string[];
  onChange?: (answer: string[]) => void;
  id?: string;
}

const optionLabel = (o: { key: string; text: string }) => (o.text.trim() ? `${o.key}. ${o.text}` : o.key);

/**
 * The answer control of a question, as its type wants it: one option (单选题, radios), two or more (多选题,
 * checkboxes), 正确 / 错误 (判断题). The value is always the list of answer keys.
 */
export function AnswerPicker({ type, options, value = [], onChange, id }: AnswerPickerProps) {
  if (type === 'judge') {
    return (
      <Radio.Group
        id={id}
        aria-label="正确答案"
        value={value[0]}
        onChange={(e) => onChange?.([e.target.value as string])}
        options={(['T', 'F'] as const).map((k) => ({ value: k, label: judgeAnswerLabels[k] }))}
      />
    );
  }
  if (options.length === 0) return <Typography.Text type="secondary">请先填写选项</Typography.Text>;
  if (type === 'single') {
    return (
      <Radio.Group
        id={id}
        aria-label="正确答案"
        value={value[0]}
        onChange={(e) => onChange?.([e.target.value as string])}
        options={options.map((o) => ({ value: o.key, label: optionLabel(o) }))}
      />
    );
  }
  return (
    <Checkbox.Group
      role="group"
      aria-label="正确答案"
      value={value}
      onChange={(keys) => onChange?.((keys as string[]).slice().sort())}
      options={options.map((o) => ({ value: o.key, label: optionLabel(o) }))}
    />
  );
}
