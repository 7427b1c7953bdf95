import {
  type TaskKind,
  type TaskTab,
  type TaskTabCounts,
  taskKindLabels,
  taskKinds,
  taskStatusLabels,
  taskTabs,
} from '@pharmacy/shared';
import { Checkbox, Form, Input, Select, Tabs } from 'antd';

const tabLabels: Record<TaskTab, string> = { all: '全部', ...taskStatusLabels };

/** The status tabs above a task list, each with its count once the page has answered. */
export function TaskStatusTabs({
  active,
  counts,
  onChange,
}: {
  active: TaskTab;
  counts: TaskTabCounts | undefined;
  onChange: (status: TaskTab) => void;
}) {
  return (
    <Tabs
      activeKey={active}
      onChange={(status) => onChange(status as TaskTab)}
      items={taskTabs.map((t) => ({ key: t, label: `${tabLabels[t]}${counts ? ` (${counts[t]})` : ''}` }))}
      style={{ marginBottom: -8 }}
    />
  );
}

/** The kind filter (field `kind`). */
export function TaskKindFilter() {
  return (
    <Form.Item name="kind" label="类型">
      <Select<TaskKind>
        allowClear
        placeholder="全部类型"
        style={{ width: 120 }}
        options={taskKinds.map((k) => ({ value: k, label: taskKindLabels[k] }))}
      />
    </Form.Item>
  );
}

/** The customer filter (field `keyword`): name, phone or its last four digits. */
export function TaskCustomerFilter() {
  return (
    <Form.Item name="keyword" label="客户">
      <Input placeholder="姓名 / 手机号 / 尾号4位" allowClear maxLength={50} style={{ width: 180 }} />
    </Form.Item>
  );
}

/** 只看已逾期 (field `overdue`), with the overdue count once known. */
export function TaskOverdueFilter({ count }: { count: number | undefined }) {
  return (
    <Form.Item name="overdue" valuePropName="checked">
      <Checkbox>只看已逾期{count !== undefined ? ` (${count})` : ''}</Checkbox>
    </Form.Item>
  );
}
