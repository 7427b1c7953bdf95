import {
  FOLLOW_UP_CONTENT_MAX,
  type FollowUpMethod,
  followUpBodySchema,
  followUpMethodLabels,
  followUpMethods,
  formatShanghaiDateTime,
  parseShanghaiTime,
} from '@pharmacy/shared';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { showServerFieldError, zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useCustomerCard } from '../api/customer-card';
import { useAddFollowUp } from '../api/customer-follow-up';

const fields = followUpBodySchema.shape;
const fieldNames = ['method', 'content', 'contacted_at', 'next_follow_up_at'] as const;
const methodOptions = followUpMethods.map((m) => ({ value: m, label: followUpMethodLabels[m] }));

type Values = { method: FollowUpMethod; content: string; contacted_at: Dayjs; next_follow_up_at?: Dayjs | null };

/** The picker shows Shanghai wall time; the instant sent is that wall time read in Shanghai. */
const fromPicker = (value: Dayjs | null | undefined) =>
  value?.isValid() ? parseShanghaiTime(value.format('YYYY-MM-DD HH:mm'))?.toISOString() : undefined;
const nowInShanghai = () => {
  const now = formatShanghaiDateTime(new Date().toISOString());
  return now ? dayjs(now) : dayjs();
};

/** 添加跟进: how the customer was contacted, what was said, when (not in the future) and when to follow up next. */
export function CustomerFollowUpDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const card = useCustomerCard(id);
  const add = useAddFollowUp();

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    try {
      await add.mutateAsync({
        id,
        body: {
          method: values.method,
          content: values.content.trim(),
          contacted_at: fromPicker(values.contacted_at),
          next_follow_up_at: fromPicker(values.next_follow_up_at) ?? null,
        },
      });
      dialogToast.success('跟进已记录');
      onClose();
    } catch (error) {
      showServerFieldError(form, error, fieldNames);
    }
  };

  return (
    <Modal
      open
      title={card.data ? `添加跟进 · ${card.data.name}` : '添加跟进'}
      okText="保存"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="customer-follow-up"
        initialValues={{ method: 'phone', content: '', contacted_at: nowInShanghai() }}
      >
        <Form.Item name="method" label="跟进方式" rules={[{ required: true, message: '请选择跟进方式' }]}>
          <Select options={methodOptions} aria-label="跟进方式" />
        </Form.Item>
        <Form.Item name="content" label="跟进内容" rules={[zodRule(fields.content)]} required>
          <Input.TextArea rows={4} maxLength={FOLLOW_UP_CONTENT_MAX} showCount placeholder="沟通了什么、客户的反馈" />
        </Form.Item>
        <Form.Item
          name="contacted_at"
          label="联系时间"
          required
          rules={[
            {
              validator: async (_: unknown, value: Dayjs | null) => {
                if (!value?.isValid()) throw new Error('请选择联系时间');
                if (value.isAfter(nowInShanghai().add(1, 'minute'))) throw new Error('联系时间不能晚于当前时间');
              },
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(nowInShanghai().endOf('day'))}
          />
        </Form.Item>
        <Form.Item
          name="next_follow_up_at"
          label="下次跟进时间"
          dependencies={['contacted_at']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_: unknown, value: Dayjs | null) => {
                const contacted = getFieldValue('contacted_at') as Dayjs | null;
                if (value?.isValid() && contacted?.isValid() && !value.isAfter(contacted))
                  throw new Error('下次跟进时间须晚于联系时间');
              },
            }),
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            placeholder="选填"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
