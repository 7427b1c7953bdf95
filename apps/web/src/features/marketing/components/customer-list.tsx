import {
  CUSTOMER_KEYWORD_MAX,
  type CustomerListItem,
  type CustomerListQuery,
  customerListQuerySchema,
  isMarketingManager,
  memberLevelLabel,
  notContactedDayOptions,
} from '@pharmacy/shared';
import { Flex, Form, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { ListDateRange, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import {
  ChannelFilter,
  cardIdOf,
  KeywordFilter,
  nameColumn,
  phoneColumn,
  TagFilter,
} from '../../../components/member-card/member-list-fields';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useCustomers } from '../api/customer-list';
import { useCustomerOptions } from '../api/customer-options';
import { CustomerCardDrawer } from './customer-card-drawer';
import { CustomerFollowUpDialog } from './customer-follow-up-dialog';
import { CustomerTags, daysSince } from './customer-tags';

/** No key: the marketing staff roles reach this page (the server's marketingStaffAccess); each button checks its rule. */
const allowAll = () => true;

const lastContactCell = (at: string | null) => {
  if (!at) return <Typography.Text type="secondary">从未联系</Typography.Text>;
  const days = daysSince(at);
  return (
    <Flex vertical gap={0}>
      <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</span>
      {days >= 30 ? (
        // antd's warning yellow is 1.9:1 on white: a dark gold (7:1) for 30–89 days, the danger red past 90
        <Typography.Text
          type={days >= 90 ? 'danger' : undefined}
          style={{ fontSize: 12, ...(days >= 90 ? {} : { color: '#874d00' }) }}
        >
          {days} 天未联系
        </Typography.Text>
      ) : null}
    </Flex>
  );
};

const columns: ColumnsType<CustomerListItem> = [
  nameColumn('客户', true),
  phoneColumn(),
  {
    key: 'level',
    title: '会员等级',
    dataIndex: 'level',
    width: 100,
    render: (l: number | null) => (l === null ? '-' : memberLevelLabel(l)),
  },
  { key: 'tags', title: '标签', dataIndex: 'tags', render: (t: string[]) => <CustomerTags values={t} empty="-" /> },
  {
    key: 'channel_name',
    title: '来源渠道',
    dataIndex: 'channel_name',
    width: 120,
    render: (c: string | null, row) => c ?? (row.source || '自然到店'),
  },
  {
    key: 'owner_name',
    title: '负责人',
    dataIndex: 'owner_name',
    width: 100,
    render: (o: string | null) => (o === null ? <Tag>未分配</Tag> : o),
  },
  {
    key: 'last_contact_at',
    title: '最近联系',
    dataIndex: 'last_contact_at',
    width: 160,
    render: lastContactCell,
  },
  {
    key: 'created_at',
    title: '成为客户',
    dataIndex: 'created_at',
    width: 160,
    render: (t: string) => formatDateTime(t),
  },
];

/**
 * 会员管理's list: every customer of the pharmacy (customer service starts on 我的客户, a shop's staff help each
 * other), filters by owner, tag, channel and last contact, search by phone (full or last four) or name; the CRM card.
 */
export function CustomerList() {
  const list = useListPage({ querySchema: customerListQuerySchema });
  const query = list.query as CustomerListQuery;
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const manager = isMarketingManager(role);
  // customer service: a bare URL means 我的客户; 全部客户 is owner=all
  const effective = useMemo(
    () => (query.owner === undefined && !manager ? { ...query, owner: 'me' } : query),
    [query, manager],
  );
  const { data, isFetching } = useCustomers(effective);
  const options = useCustomerOptions();

  const ownerOptions = [
    { value: 'all', label: '全部客户' },
    { value: 'me', label: '我的客户' },
    { value: 'none', label: '未分配' },
    ...(options.data?.staff ?? [])
      .filter((s) => s.account_id !== options.data?.me.account_id)
      .map((s) => ({ value: String(s.account_id), label: s.name })),
  ];

  const rowActions: RowAction<CustomerListItem>[] = [
    { key: 'card', label: '查看' },
    { key: 'follow', label: '添加跟进' },
  ];

  return (
    <ListPage<CustomerListItem, CustomerListQuery>
      label="客户列表"
      list={list}
      scope={allowAll}
      filters={
        <>
          <KeywordFilter maxLength={CUSTOMER_KEYWORD_MAX} width={210} />
          <Form.Item name="owner" label="负责人">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={manager ? '全部客户' : '我的客户'}
              options={ownerOptions}
              style={{ width: 140 }}
            />
          </Form.Item>
          <TagFilter tags={options.data?.tags} width={140} />
          <ChannelFilter channels={options.data?.channels} width={140} />
          <Form.Item name="not_contacted_days" label="未联系">
            <Select
              allowClear
              placeholder="不限"
              options={notContactedDayOptions.map((d) => ({ value: d, label: `${d} 天未联系` }))}
              style={{ width: 130 }}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <Flex gap={12} align="center" wrap>
          <Typography.Text>最近联系</Typography.Text>
          <ListDateRange
            label="联系日期"
            dateFrom={query.contact_from}
            dateTo={query.contact_to}
            onChange={(range) =>
              list.setQuery({
                contact_from: range.date_from,
                contact_to: range.date_to,
                not_contacted_days: undefined,
              })
            }
          />
          <Typography.Text type="secondary">手机号已脱敏；负责人或主管可在客户卡片中查看完整号码。</Typography.Text>
        </Flex>
      }
      columns={columns}
      rowKey="id"
      rows={data?.list}
      total={data?.total}
      loading={isFetching}
      rowActions={rowActions}
      actionsWidth={140}
      dialogs={{
        card: {
          render: ({ id, close }) => <CustomerCardDrawer key={id} id={cardIdOf(id)} onClose={close} />,
        },
        follow: {
          render: ({ id, close }) => <CustomerFollowUpDialog key={id} id={cardIdOf(id)} onClose={close} />,
        },
      }}
    />
  );
}
