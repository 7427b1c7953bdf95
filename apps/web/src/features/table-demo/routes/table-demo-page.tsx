import { pageQuerySchema } from '@pharmacy/shared';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Select, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { type ListDialog, ListPage, type RowAction, sortParam, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import {
  buildDemoRows,
  DEMO_ROW_COUNT,
  type DemoQuery,
  type DemoRow,
  demoCategories,
  demoCategoryLabels,
  demoStatuses,
  demoStatusLabels,
  queryDemoRows,
} from '../components/demo-dataset';

const demoQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(30).optional(),
  category: z.enum(demoCategories).optional(),
  status: z.enum(demoStatuses).optional(),
  sort: sortParam(['price', 'stock', 'updated_at']),
});

/** The demo's one permission key: the switch above the table grants or withdraws it. */
const EDIT = 'demo_edit';

const columns: ColumnsType<DemoRow> = [
  { key: 'id', title: '编号', dataIndex: 'id', width: 80 },
  { key: 'name', title: '名称', dataIndex: 'name' },
  {
    key: 'category',
    title: '分类',
    dataIndex: 'category',
    render: (c: DemoRow['category']) => demoCategoryLabels[c],
  },
  { key: 'spec', title: '规格', dataIndex: 'spec' },
  { key: 'price', title: '价格（元）', dataIndex: 'price', align: 'right', sorter: true },
  { key: 'stock', title: '库存', dataIndex: 'stock', align: 'right', sorter: true },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    render: (s: DemoRow['status']) => <Tag color={s === 'on_sale' ? 'green' : 'default'}>{demoStatusLabels[s]}</Tag>,
  },
  {
    key: 'updated_at',
    title: '更新时间',
    dataIndex: 'updated_at',
    sorter: true,
    render: (t: string) => formatDateTime(t),
  },
];

type EditValues = Pick<DemoRow, 'name' | 'price' | 'stock' | 'category'>;

function EditDialog(props: { row: DemoRow | undefined; onSave: (v: EditValues) => void; onClose: () => void }) {
  const [form] = Form.useForm<EditValues>();
  const creating = !props.row;
  return (
    <Modal
      open
      title={creating ? '新建示例药品' : `编辑：${props.row?.name}`}
      okText="保存"
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={props.row ?? { category: 'otc', stock: 0, price: '0.00' }}
        onFinish={(v) => props.onSave({ ...v, price: Number(v.price).toFixed(2) })}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入名称' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="category" label="分类">
          <Select options={demoCategories.map((c) => ({ value: c, label: demoCategoryLabels[c] }))} />
        </Form.Item>
        <Form.Item name="price" label="价格（元）" rules={[{ required: true, message: '请输入价格' }]}>
          <InputNumber min={0} max={99999} step={0.01} precision={2} stringMode style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="stock" label="库存" rules={[{ required: true, message: '请输入库存' }]}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /table-demo — every feature of the list-page building block, on a local sample dataset. */
export default function TableDemoPage() {
  const location = useLocation();
  const list = useListPage({ querySchema: demoQuerySchema });
  const [rows, setRows] = useState(() => buildDemoRows());
  const [canEdit, setCanEdit] = useState(true);
  const can = (permission?: string) => permission !== EDIT || canEdit;

  const page = useMemo(() => queryDemoRows(rows, list.query as DemoQuery), [rows, list.query]);
  const byId = (id: string | null) => rows.find((r) => String(r.id) === id);
  const update = (id: number, patch: Partial<DemoRow>) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...patch, updated_at: new Date().toISOString() } : r)));

  const rowActions: RowAction<DemoRow>[] = [
    { key: 'view', label: '查看' },
    { key: 'edit', label: '编辑', permission: EDIT },
    {
      key: 'toggle',
      label: '下架',
      permission: EDIT,
      visible: (r) => r.status === 'on_sale',
      onClick: (r) => update(r.id, { status: 'off_sale' }),
    },
    {
      key: 'restore',
      label: '上架',
      permission: EDIT,
      visible: (r) => r.status === 'off_sale',
      onClick: (r) => update(r.id, { status: 'on_sale' }),
    },
    {
      key: 'delete',
      label: '删除',
      permission: EDIT,
      danger: true,
      confirm: '确定删除这条示例数据吗？',
      onClick: (r) => {
        setRows((all) => all.filter((x) => x.id !== r.id));
        dialogToast.success('已删除（仅本页示例数据）');
      },
    },
  ];

  const dialogs: Record<string, ListDialog> = {
    view: {
      render: ({ id, close }) => {
        const row = byId(id);
        return (
          <Modal open title="示例药品详情" onCancel={close} footer={<Button onClick={close}>关闭</Button>}>
            {row ? (
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'id', label: '编号', children: row.id },
                  { key: 'name', label: '名称', children: row.name },
                  { key: 'category', label: '分类', children: demoCategoryLabels[row.category] },
                  { key: 'spec', label: '规格', children: row.spec },
                  { key: 'price', label: '价格（元）', children: row.price },
                  { key: 'stock', label: '库存', children: row.stock },
                  { key: 'status', label: '状态', children: demoStatusLabels[row.status] },
                  { key: 'updated_at', label: '更新时间', children: formatDateTime(row.updated_at) },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">没有编号为 {id ?? '（空）'} 的示例数据</Typography.Text>
            )}
          </Modal>
        );
      },
    },
    edit: {
      permission: EDIT,
      render: ({ id, close }) => (
        <EditDialog
          row={byId(id)}
          onClose={close}
          onSave={(v) => {
            const row = byId(id);
            if (row) update(row.id, v);
            close();
            dialogToast.success('已保存（仅本页示例数据）');
          }}
        />
      ),
    },
    create: {
      permission: EDIT,
      render: ({ close }) => (
        <EditDialog
          row={undefined}
          onClose={close}
          onSave={(v) => {
            setRows((all) => {
              const id = Math.max(0, ...all.map((r) => r.id)) + 1;
              const row: DemoRow = {
                id,
                spec: '示例规格',
                status: 'on_sale',
                updated_at: new Date().toISOString(),
                ...v,
              };
              return [row, ...all];
            });
            close();
            dialogToast.success('已新建（仅本页示例数据）');
          }}
        />
      ),
    },
  };

  return (
    <section aria-labelledby="table-demo-title">
      <Typography.Title id="table-demo-title" level={4} style={{ marginTop: 0 }}>
        列表组件示例 <Tag color="orange">示例数据</Tag>
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="示例数据"
        description={`本页的 ${DEMO_ROW_COUNT} 条药品均为按固定种子在浏览器中生成的示例数据，不来自服务器，修改只在本页有效、刷新即恢复。本页用于演示后台列表组件：筛选、排序、分页（条/页、共 N 条）、按权限过滤的行操作，以及由网址打开的对话框（?action=…&id=…）。`}
      />
      <ListPage<DemoRow, z.output<typeof demoQuerySchema>>
        label="示例药品列表"
        list={list}
        scope={can}
        filters={
          <>
            <Form.Item name="keyword" label="名称">
              <Input allowClear placeholder="按名称搜索" maxLength={30} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="category" label="分类">
              <Select
                allowClear
                placeholder="全部分类"
                style={{ width: 140 }}
                options={demoCategories.map((c) => ({ value: c, label: demoCategoryLabels[c] }))}
              />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select
                allowClear
                placeholder="全部状态"
                style={{ width: 120 }}
                options={demoStatuses.map((s) => ({ value: s, label: demoStatusLabels[s] }))}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <>
            {can(EDIT) ? (
              <Button type="primary" onClick={() => list.openAction('create')}>
                新建
              </Button>
            ) : null}
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              <Switch checked={canEdit} onChange={setCanEdit} aria-label="模拟拥有编辑权限" />
              模拟拥有编辑权限（关闭后编辑、上下架、删除按钮隐藏）
            </span>
            <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
              当前网址参数：<Typography.Text code>{location.search || '（无，全部为默认值）'}</Typography.Text>
            </Typography.Text>
          </>
        }
        columns={columns}
        rowKey="id"
        rows={page.list}
        total={page.total}
        rowActions={rowActions}
        dialogs={dialogs}
      />
    </section>
  );
}
