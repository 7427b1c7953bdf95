import { DatePicker, Form, Input } from 'antd';
import dayjs from 'dayjs';

/** The due-date range filter: two hidden fields (due_from, due_to) the range picker fills, so 重置 clears them. */
export function TaskDueDateRange() {
  return (
    <>
      <Form.Item name="due_from" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="due_to" hidden>
        <Input />
      </Form.Item>
      <Form.Item label="截止日期" shouldUpdate={(a, b) => a.due_from !== b.due_from || a.due_to !== b.due_to}>
        {(form) => {
          const from = form.getFieldValue('due_from') as string | undefined;
          const to = form.getFieldValue('due_to') as string | undefined;
          return (
            <DatePicker.RangePicker
              aria-label="截止日期"
              allowEmpty={[true, true]}
              placeholder={['开始日期', '结束日期']}
              value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
              onChange={(dates) => {
                const [a, b] = dates ?? [];
                form.setFieldsValue({
                  due_from: a ? a.format('YYYY-MM-DD') : undefined,
                  due_to: b ? b.format('YYYY-MM-DD') : undefined,
                });
              }}
              style={{ width: 250 }}
            />
          );
        }}
      </Form.Item>
    </>
  );
}
