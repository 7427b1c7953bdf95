import { type AuditLogQuery, auditLogQuerySchema, maskPhone } from '@pharmacy/shared';
import { AutoComplete, Form, Input, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { z } from 'zod';
import { ListDateRange, ListPage, useListPage } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/permission-audit';
import { auditActionGroups, auditActionLabel } from './permission-labels';

type Entry = {
  id: number;
  created_at: string;
  account_id: number | null;
  account_phone: string | null;
  account_name: string | null;
  pharmacy_id: number | null;
  action: string;
  target: string;
  detail: unknown;
  ip: string;
};

/**
 * The URL's filters: each one the server's own schema accepts, anything else dropped. The action filter is `operation`
 * in the URL: `action` opens a list page's dialogs (components/list-page ACTION_PARAM).
 */
const querySchema = auditLogQuerySchema.omit({ action: true }).extend({
  /** The page's tab: kept in the URL when this list writes it (a default would be left out). */
  tab: z.enum(['operators', 'managers', 'audit']).catch('operators').default('operators'),
  operation: auditLogQuerySchema.shape.action.catch(undefined),
  phone: auditLogQuerySchema.shape.phone.catch(undefined),
  target: auditLogQuerySchema.shape.target.catch(undefined),
  account_id: z.undefined().catch(undefined),
  pharmacy_id: z.undefined().catch(undefined),
  date_from: auditLogQuerySchema.shape.date_from.catch(undefined),
  date_to: auditLogQuerySchema.shape.date_to.catch(undefined),
});
type Query = z.infer<typeof querySchema>;

const actionOptions = Object.entries(auditActionGroups).map(([value, label]) => ({
  value,
  label: `${label}（${value}）`,
}));

const detailText = (detail: unknown) => (detail === null || detail === undefined ? '' : JSON.stringify(detail));

/** 操作日志 tab: who did what to which record, from where; filtered by actor phone, action (group), target, days. */
export function PermissionAuditList() {
  const list = useListPage({ querySchema });
  const query = list.query as Query;
  const log = useAuditLog({
    page: query.page,
    page_size: query.page_size,
    action: query.operation || undefined,
    phone: query.phone || undefined,
    target: query.target || undefined,
    date_from: query.date_from,
    date_to: query.date_to,
  } as AuditLogQuery);

  const columns: ColumnsType<Entry> = [
    { key: 'created_at', title: '时间', dataIndex: 'created_at', width: 170, render: formatDateTime },
    {
      key: 'actor',
      title: '操作人',
      width: 170,
      render: (_: unknown, row) =>
        row.account_id === null ? (
          <Typography.Text type="secondary">系统</Typography.Text>
        ) : (
          <Space direction="vertical" size={0}>
            <span>{row.account_name || '未命名'}</span>
            <Typography.Text type="secondary">{maskPhone(row.account_phone ?? '')}</Typography.Text>
          </Space>
        ),
    },
    {
      key: 'action',
      title: '操作',
      dataIndex: 'action',
      width: 220,
      render: (action: string) => (
        <Space direction="vertical" size={0}>
          <span>{auditActionLabel(action)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {action}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'target', title: '操作对象', dataIndex: 'target', width: 190 },
    {
      key: 'pharmacy_id',
      title: '药店 ID',
      dataIndex: 'pharmacy_id',
      width: 80,
      render: (v: number | null) => v ?? '—',
    },
    {
      key: 'detail',
      title: '详情',
      dataIndex: 'detail',
      render: (detail: unknown) => {
        const text = detailText(detail);
        return text ? (
          <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 320 }} code>
            {text}
          </Typography.Text>
        ) : (
          '—'
        );
      },
    },
    { key: 'ip', title: 'IP', dataIndex: 'ip', width: 130 },
  ];

  return (
    <ListPage<Entry, Query>
      label="操作日志"
      list={list}
      filters={
        <>
          <Form.Item
            name="phone"
            label="操作人手机号"
            rules={[{ pattern: /^\d{11}$/, message: '手机号应为 11 位数字' }]}
          >
            <Input allowClear placeholder="11 位手机号" maxLength={11} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="operation" label="操作类型">
            <AutoComplete
              allowClear
              options={actionOptions}
              placeholder="如 permission 或 auth.login"
              style={{ width: 220 }}
              filterOption={(input, option) => String(option?.label ?? '').includes(input)}
            />
          </Form.Item>
          <Form.Item name="target" label="操作对象">
            <Input
              allowClear
              placeholder="如 admin_profile:3 或 pharmacy_member"
              maxLength={200}
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item label="日期">
            <ListDateRange
              label="操作日期"
              dateFrom={query.date_from}
              dateTo={query.date_to}
              onChange={(range) => list.setQuery(range)}
            />
          </Form.Item>
        </>
      }
      columns={columns}
      rowKey="id"
      rows={log.data?.list as Entry[] | undefined}
      total={log.data?.total}
      loading={log.isFetching}
      scope="admin"
      tableProps={{ locale: { emptyText: '暂无操作记录' }, size: 'middle' }}
    />
  );
}
