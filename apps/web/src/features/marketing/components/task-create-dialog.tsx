import {
  formatShanghaiDateTime,
  parseShanghaiTime,
  shanghaiToday,
  type TaskKind,
  taskCreateBodySchema,
  taskKindLabels,
  taskKinds,
} from '@pharmacy/shared';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { showServerFieldError, zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { useCreateTask } from '../api/task-mutations';
import { useTaskCustomerOptions, useTaskStaffOptions } from '../api/task-queries';

export interface TaskCreateDialogProps {
  open: boolean;
  onClose: () => void;
  /** A fixed customer (the CRM card, a chat): the customer select is then prefilled and locked. */
  customer?: { account_id: number; name: string };
  /** The chat the task comes from (kept on the task). */
  conversationId?: number;
  onCreated?: (id: number) => void;
  /** A customer to preselect by account id (the chat's link), still changeable. */
  defaultCustomerId?: number;
}

interface Values {
  kind: TaskKind;
  title: string;
  customer_account_id: number | undefined;
  assignee_account_id: number | undefined;
  due_at: Dayjs | null;
  content: string;
}

const fields = taskCreateBodySchema.shape;
const fieldNames = ['kind', 'title', 'content', 'customer_account_id', 'assignee_account_id', 'due_at'] as const;

/** The picker shows Shanghai wall time; the instant sent is that wall time read in Shanghai. */
function fromPicker(value: Dayjs | null | undefined): string | undefined {
  if (!value?.isValid()) return undefined;
  return parseShanghaiTime(value.format('YYYY-MM-DD HH:mm'))?.toISOString();
}
/** Tomorrow 10:00 Shanghai, the default due time. */
function defaultDue(): Dayjs {
  return dayjs(shanghaiToday()).add(1, 'day').hour(10).minute(0);
}
function nowInShanghai(): Dayjs {
  const now = formatShanghaiDateTime(new Date().toISOString());
  return now ? dayjs(now) : dayjs();
}

/**
 * 新建任务: kind, title, customer (searched among the pharmacy's customers unless given), assignee (defaults to me),
 * due time (Shanghai) and content. Used by the task page, the CRM card and the chat's 新建任务 link.
 */
export function TaskCreateDialog({
  open,
  onClose,
  customer,
  conversationId,
  onCreated,
  defaultCustomerId,
}: TaskCreateDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateTask();
  const meId = useSessionStore((s) => s.userInfo?.id ?? null);
  const [keyword, setKeyword] = useState('');
  const customers = useTaskCustomerOptions(keyword, customer?.account_id ?? defaultCustomerId, open && !customer);
  const staff = useTaskStaffOptions(open);

  const customerId = customer?.account_id;
  const customerName = customer?.name;
  // a fresh form each time it opens (the caller's customer object may be a new one on every render: its fields count)
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      kind: 'follow_up',
      title: customerName ? `${taskKindLabels.follow_up}：${customerName}` : '',
      customer_account_id: customerId ?? defaultCustomerId,
      assignee_account_id: undefined,
      due_at: defaultDue(),
      content: '',
    });
    setKeyword('');
  }, [open, customerId, customerName, defaultCustomerId, form]);

  // the assignee defaults to me once the staff list says I am one
  useEffect(() => {
    if (!open || !staff.data || meId === null) return;
    if (form.getFieldValue('assignee_account_id') !== undefined) return;
    if (staff.data.some((s) => s.account_id === meId)) form.setFieldValue('assignee_account_id', meId);
  }, [open, staff.data, meId, form]);

  // the customer the dialog was opened for (given, or found by the link's account id): titles read 跟进回访：<name>
  const prefilledName =
    customerName ?? customers.data?.find((c) => c.account_id === defaultCustomerId && defaultCustomerId)?.name;
  useEffect(() => {
    if (!open || customerName || !prefilledName) return;
    if (!form.getFieldValue('title')) {
      const kind = (form.getFieldValue('kind') as TaskKind | undefined) ?? 'follow_up';
      form.setFieldValue('title', `${taskKindLabels[kind]}：${prefilledName}`);
    }
  }, [open, customerName, prefilledName, form]);

  const customerOptions = useMemo(() => {
    if (customer) return [{ value: customer.account_id, label: customer.name }];
    return (customers.data ?? []).map((c) => ({ value: c.account_id, label: `${c.name}（${c.phone}）` }));
  }, [customer, customers.data]);
  const staffOptions = useMemo(
    () =>
      (staff.data ?? []).map((s) => ({
        value: s.account_id,
        label: s.account_id === meId ? `${s.name}（我）` : s.name,
      })),
    [staff.data, meId],
  );

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const due = fromPicker(values.due_at);
    if (!due || values.customer_account_id === undefined || values.assignee_account_id === undefined) return;
    try {
      const created = await create.mutateAsync({
        kind: values.kind,
        title: values.title,
        content: values.content ?? '',
        customer_account_id: values.customer_account_id,
        assignee_account_id: values.assignee_account_id,
        due_at: due,
        conversation_id: conversationId ?? null,
      });
      dialogToast.success('任务已创建');
      onCreated?.(created.id);
      onClose();
    } catch (error) {
      showServerFieldError(form, error, fieldNames);
    }
  };

  return (
    <Modal
      open={open}
      title="新建任务"
      width={600}
      okText="创建"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values> form={form} layout="vertical" preserve={false}>
        <Form.Item name="kind" label="任务类型" rules={[{ required: true, message: '请选择任务类型' }]}>
          <Select
            options={taskKinds.map((k) => ({ value: k, label: taskKindLabels[k] }))}
            onChange={(kind: TaskKind) => {
              const title = form.getFieldValue('title') as string;
              const generated = taskKinds.some(
                (k) => prefilledName && title === `${taskKindLabels[k]}：${prefilledName}`,
              );
              if (prefilledName && (title === '' || generated))
                form.setFieldValue('title', `${taskKindLabels[kind]}：${prefilledName}`);
            }}
          />
        </Form.Item>
        <Form.Item name="title" label="任务标题" rules={[zodRule(fields.title)]} required>
          <Input maxLength={100} showCount placeholder="例如：回访用药情况" />
        </Form.Item>
        <Form.Item name="customer_account_id" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            disabled={!!customer}
            placeholder="输入姓名、手机号或尾号搜索"
            loading={customers.isFetching}
            options={customerOptions}
            notFoundContent={customers.isFetching ? '搜索中…' : '没有找到客户'}
          />
        </Form.Item>
        <Form.Item name="assignee_account_id" label="负责人" rules={[{ required: true, message: '请选择负责人' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="选择负责人"
            loading={staff.isFetching}
            options={staffOptions}
          />
        </Form.Item>
        <Form.Item
          name="due_at"
          label="截止时间"
          rules={[
            {
              validator: async (_: unknown, value: Dayjs | null) => {
                if (!value?.isValid()) throw new Error('请选择截止时间');
                if (value.isBefore(nowInShanghai())) throw new Error('截止时间不能早于当前时间');
              },
            },
          ]}
          required
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(nowInShanghai().startOf('day'))}
          />
        </Form.Item>
        <Form.Item name="content" label="任务内容" rules={[zodRule(fields.content)]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="需要做什么（选填）" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
