import {
  adminTaskCreateBodySchema,
  formatShanghaiDateTime,
  parseShanghaiTime,
  type Role,
  roleLabels,
  shanghaiToday,
  type TaskKind,
  taskKindLabels,
  taskKinds,
} from '@pharmacy/shared';
import { Button, DatePicker, Flex, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { showServerFieldError, zodRule } from '../../../components/form-field-errors';
import { validatedValues } from '../../../components/form-validation';
import { dialogToast } from '../../../lib/feedback';
import { useCreateAdminTask } from '../api/task-create';
import { useAdminTaskCustomers, useAdminTaskPharmacies, useAdminTaskStaff } from '../api/task-options';
import { TaskAddressDialog } from './task-address-dialog';

interface Values {
  pharmacy_id: number | undefined;
  customer_account_id: number | undefined;
  assignee_account_id: number | undefined;
  kind: TaskKind;
  title: string;
  due_at: Dayjs | null;
  content: string;
  address: string;
}

const fields = adminTaskCreateBodySchema.shape;
const fieldNames = [
  'pharmacy_id',
  'customer_account_id',
  'assignee_account_id',
  'kind',
  'title',
  'content',
  'due_at',
  'address',
] as const;

/** The picker shows Shanghai wall time; the instant sent is that wall time read in Shanghai. */
function fromPicker(value: Dayjs | null | undefined): string | undefined {
  if (!value?.isValid()) return undefined;
  return parseShanghaiTime(value.format('YYYY-MM-DD HH:mm'))?.toISOString();
}
function nowInShanghai(): Dayjs {
  const now = formatShanghaiDateTime(new Date().toISOString());
  return now ? dayjs(now) : dayjs();
}

/**
 * 新建平台任务: the pharmacy (active ones), a member of it searched by phone (or last four digits, or name), an active
 * staff member of it as assignee, kind, title, due time (Shanghai), content and an address (typed, or pasted and
 * discerned in the address dialog). The server checks the three belong together and names the field otherwise.
 */
export function TaskFormDialog({ onClose, onCreated }: { onClose: () => void; onCreated?: (id: number) => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateAdminTask();
  const [keyword, setKeyword] = useState('');
  const [addressOpen, setAddressOpen] = useState(false);
  const pharmacyId = Form.useWatch('pharmacy_id', form);
  const pharmacies = useAdminTaskPharmacies();
  const customers = useAdminTaskCustomers(pharmacyId, keyword);
  const staff = useAdminTaskStaff(pharmacyId);

  useEffect(() => {
    form.setFieldsValue({
      kind: 'delivery_check',
      title: '',
      content: '',
      address: '',
      due_at: dayjs(shanghaiToday()).add(1, 'day').hour(18).minute(0),
    });
  }, [form]);

  const pharmacyOptions = useMemo(
    () => (pharmacies.data ?? []).filter((p) => p.active).map((p) => ({ value: p.id, label: p.name })),
    [pharmacies.data],
  );
  const customerOptions = (customers.data ?? []).map((c) => ({
    value: c.account_id,
    label: `${c.name}（${c.phone}）`,
  }));
  const staffOptions = (staff.data ?? []).map((s) => ({
    value: s.account_id,
    label: `${s.name}（${roleLabels[s.role as Role] ?? s.role}）`,
  }));

  const submit = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const due = fromPicker(values.due_at);
    if (
      !due ||
      values.pharmacy_id === undefined ||
      values.customer_account_id === undefined ||
      values.assignee_account_id === undefined
    )
      return;
    try {
      const created = await create.mutateAsync({
        pharmacy_id: values.pharmacy_id,
        customer_account_id: values.customer_account_id,
        assignee_account_id: values.assignee_account_id,
        kind: values.kind,
        title: values.title,
        content: values.content ?? '',
        address: values.address ?? '',
        due_at: due,
      });
      dialogToast.success('任务已创建');
      // closing writes the URL too: close first, so the new task's drawer (onCreated) is what stays open
      onClose();
      onCreated?.(created.id);
    } catch (error) {
      showServerFieldError(form, error, fieldNames);
    }
  };

  return (
    <Modal
      open
      title="新建平台任务"
      width={640}
      okText="创建"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values> form={form} name="admin-task-form" layout="vertical">
        <Form.Item name="pharmacy_id" label="药店" rules={[{ required: true, message: '请选择药店' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="选择药店"
            loading={pharmacies.isFetching}
            options={pharmacyOptions}
            onChange={() => {
              form.setFieldsValue({ customer_account_id: undefined, assignee_account_id: undefined });
              setKeyword('');
            }}
          />
        </Form.Item>
        <Form.Item name="customer_account_id" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            disabled={pharmacyId === undefined}
            placeholder={pharmacyId === undefined ? '请先选择药店' : '输入手机号、尾号4位或姓名搜索该店会员'}
            loading={customers.isFetching}
            options={customerOptions}
            notFoundContent={customers.isFetching ? '搜索中…' : '没有找到该店会员'}
          />
        </Form.Item>
        <Form.Item name="assignee_account_id" label="负责人" rules={[{ required: true, message: '请选择负责人' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            disabled={pharmacyId === undefined}
            placeholder={pharmacyId === undefined ? '请先选择药店' : '该店在职员工'}
            loading={staff.isFetching}
            options={staffOptions}
          />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item
            name="kind"
            label="任务类型"
            rules={[{ required: true, message: '请选择任务类型' }]}
            style={{ flex: 1 }}
          >
            <Select options={taskKinds.map((k) => ({ value: k, label: taskKindLabels[k] }))} />
          </Form.Item>
          <Form.Item
            name="due_at"
            label="截止时间"
            required
            style={{ flex: 1 }}
            rules={[
              {
                validator: async (_: unknown, value: Dayjs | null) => {
                  if (!value?.isValid()) throw new Error('请选择截止时间');
                  if (value.isBefore(nowInShanghai())) throw new Error('截止时间不能早于当前时间');
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(nowInShanghai().startOf('day'))}
            />
          </Form.Item>
        </Flex>
        <Form.Item name="title" label="任务标题" rules={[zodRule(fields.title)]} required>
          <Input maxLength={100} showCount placeholder="例如：平台回访：核实配送时效" />
        </Form.Item>
        <Form.Item name="content" label="任务内容" rules={[zodRule(fields.content)]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="需要药店做什么（选填）" />
        </Form.Item>
        <Form.Item label="地址" extra="送达确认等任务可附上收货地址（选填）">
          <Flex gap={8}>
            <Form.Item name="address" noStyle rules={[zodRule(fields.address)]}>
              <Input maxLength={200} placeholder="姓名 电话 省市区详细地址" aria-label="地址" />
            </Form.Item>
            <Button onClick={() => setAddressOpen(true)}>粘贴识别</Button>
          </Flex>
        </Form.Item>
      </Form>
      {addressOpen ? (
        <TaskAddressDialog
          onSave={(line) => form.setFieldsValue({ address: line })}
          onClose={() => setAddressOpen(false)}
        />
      ) : null}
    </Modal>
  );
}
