import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminPharmacyListItem,
  adminPharmacyStatusLabels,
  adminPharmacyTabs,
  operatorKeys,
  pageQuerySchema,
} from '@pharmacy/shared';
import { Button, Checkbox, Flex, Select, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { z } from 'zod';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { ListKeywordSearch, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { useAdminPermission } from '../../../components/permission-gate';
import { formatDateTime } from '../../../lib/format';
import { usePharmacies, usePharmacyFilters } from '../api/pharmacy-list';
import { PharmacyCreateDialog } from './pharmacy-create-dialog';
import { PharmacyDetailDrawer } from './pharmacy-detail-drawer';
import { PharmacyReasonDialog } from './pharmacy-reason-dialog';
import { PharmacyStatusTag } from './pharmacy-status-tag';

const KEY = operatorKeys.pharmacy;

const querySchema = pageQuerySchema.extend({
  status: z.enum(adminPharmacyTabs).catch('all').default('all'),
  keyword: z.string().max(50).optional().catch(undefined),
  city: z.string().max(32).optional().catch(undefined),
  group_id: z.string().regex(/^\d+$/).optional().catch(undefined),
  // the dashboard links here with expiring=1
  expiring: z.enum(['1']).optional().catch(undefined),
});
type Query = z.infer<typeof querySchema>;

const tabLabel = (tab: (typeof adminPharmacyTabs)[number]) => (tab === 'all' ? '全部' : adminPharmacyStatusLabels[tab]);

/** 药店管理: status tabs with counts, filters, the detail drawer and the decisions (key `pharmacy`). */
export function PharmacyList() {
  const list = useListPage({ querySchema });
  const query = list.query as Query;
  const can = useAdminPermission();
  const { data, isFetching } = usePharmacies({
    page: query.page,
    page_size: query.page_size,
    status: query.status,
    keyword: query.keyword,
    city: query.city,
    group_id: query.group_id,
    expiring: query.expiring,
  });
  const filters = usePharmacyFilters();
  const rows = data?.list;
  const rowOf = (id: string | null) => rows?.find((r) => String(r.id) === id);

  const columns: ColumnsType<AdminPharmacyListItem> = [
    {
      key: 'name',
      title: '药店',
      width: 280,
      render: (_: unknown, p) => (
        <Flex gap={10} align="center">
          <ImageWithFallback
            src={p.logo_url || undefined}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
          />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Link onClick={() => list.openAction('detail', p.id)}>{p.name}</Typography.Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[p.province, p.city, p.district].filter(Boolean).join(' ') || '-'}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: '状态',
      width: 200,
      render: (_: unknown, p) => (
        <Flex vertical gap={2}>
          <span>
            <PharmacyStatusTag status={p.status} />
          </span>
          {p.status_reason ? (
            <Typography.Text
              type="danger"
              style={{ fontSize: 12, maxWidth: 190 }}
              ellipsis={{ tooltip: p.status_reason }}
            >
              原因：{p.status_reason}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'group', title: '集团', width: 150, render: (_: unknown, p) => p.group?.name ?? '-' },
    {
      key: 'owner',
      title: '店主',
      width: 140,
      render: (_: unknown, p) =>
        p.owner_name || p.owner_phone ? (
          <Flex vertical>
            <span>{p.owner_name || '-'}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {p.owner_phone}
            </Typography.Text>
          </Flex>
        ) : (
          '-'
        ),
    },
    { key: 'staff_count', title: '员工', dataIndex: 'staff_count', width: 70, align: 'right' },
    { key: 'quote_count', title: '上架报价', dataIndex: 'quote_count', width: 90, align: 'right' },
    {
      key: 'expiry',
      title: '资质',
      width: 130,
      render: (_: unknown, p) =>
        p.expired_count > 0 || p.expiring_count > 0 ? (
          <Flex vertical gap={2} align="start">
            {p.expired_count > 0 ? <Tag color="red">{p.expired_count} 项已过期</Tag> : null}
            {p.expiring_count > 0 ? <Tag color="orange">{p.expiring_count} 项即将到期</Tag> : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">正常</Typography.Text>
        ),
    },
    {
      key: 'applied_at',
      title: '申请 / 入驻时间',
      width: 160,
      render: (_: unknown, p) => formatDateTime(p.applied_at ?? p.created_at),
    },
  ];

  const rowActions: RowAction<AdminPharmacyListItem>[] = [
    { key: 'detail', label: '详情' },
    {
      key: 'review',
      label: '审核',
      permission: KEY,
      visible: (r) => r.status === 'pending',
      onClick: (r) => list.openAction('detail', r.id),
    },
    { key: 'suspend', label: '暂停', danger: true, permission: KEY, visible: (r) => r.status === 'active' },
    { key: 'resume', label: '恢复', permission: KEY, visible: (r) => r.status === 'suspended' },
  ];

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={query.status}
        onChange={(status) => list.setQuery({ status: status as Query['status'] })}
        items={adminPharmacyTabs.map((t) => ({
          key: t,
          label: `${tabLabel(t)}${data ? ` (${data.counts[t]})` : ''}`,
        }))}
        style={{ marginBottom: -8 }}
      />
      <ListPage<AdminPharmacyListItem, Query>
        label="药店列表"
        list={list}
        scope="admin"
        toolbar={
          <Flex gap={8} wrap align="center" style={{ width: '100%' }}>
            <ListKeywordSearch
              label="按药店名称搜索"
              placeholder="药店名称"
              value={query.keyword}
              onSearch={(v) => list.setQuery({ keyword: v })}
            />
            <Select
              aria-label="城市"
              allowClear
              showSearch
              placeholder="全部城市"
              style={{ width: 150 }}
              value={query.city}
              loading={filters.isLoading}
              options={(filters.data?.cities ?? []).map((c) => ({ value: c, label: c }))}
              onChange={(city?: string) => list.setQuery({ city: city || undefined })}
            />
            <Select
              aria-label="集团"
              allowClear
              placeholder="全部集团"
              style={{ width: 180 }}
              value={query.group_id}
              loading={filters.isLoading}
              options={(filters.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              onChange={(groupId?: string) => list.setQuery({ group_id: groupId || undefined })}
            />
            <Checkbox
              checked={query.expiring === '1'}
              onChange={(e) => list.setQuery({ expiring: e.target.checked ? '1' : undefined })}
            >
              资质 {data?.months ?? 6} 个月内到期
            </Checkbox>
            <div style={{ flex: 1 }} />
            {can(KEY) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openAction('create')}>
                新增药店
              </Button>
            ) : null}
          </Flex>
        }
        columns={columns}
        rowKey="id"
        rows={rows}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={130}
        tableProps={{
          size: 'middle',
          locale: { emptyText: query.status === 'pending' ? '暂无待审核的入驻申请' : '暂无药店' },
        }}
        dialogs={{
          detail: {
            render: ({ id, close }) => (id ? <PharmacyDetailDrawer id={Number(id)} onClose={close} /> : null),
          },
          create: {
            permission: KEY,
            render: ({ close }) => (
              <PharmacyCreateDialog onClose={close} onCreated={(id) => list.openAction('detail', id)} />
            ),
          },
          suspend: {
            permission: KEY,
            render: ({ id, close }) => {
              const row = rowOf(id);
              return row ? <PharmacyReasonDialog pharmacy={row} decision="suspend" onClose={close} /> : null;
            },
          },
          resume: {
            permission: KEY,
            render: ({ id, close }) => {
              const row = rowOf(id);
              return row ? <PharmacyReasonDialog pharmacy={row} decision="resume" onClose={close} /> : null;
            },
          },
        }}
      />
    </Flex>
  );
}
