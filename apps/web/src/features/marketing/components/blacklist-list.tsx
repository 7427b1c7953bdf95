import { PlusOutlined } from '@ant-design/icons';
import {
  type BlackUser,
  type BlackUserListQuery,
  blackUserListQuerySchema,
  isMarketingManager,
} from '@pharmacy/shared';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListKeywordSearch, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { useBlackUsers } from '../api/blacklist-list';
import { useRemoveBlackUser } from '../api/blacklist-save';
import { BlacklistAddDialog } from './blacklist-add-dialog';

const columns: ColumnsType<BlackUser> = [
  {
    key: 'phone',
    title: '手机号',
    width: 140,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_, r) => r.phone,
  },
  {
    key: 'account',
    title: '关联账号',
    width: 140,
    render: (_, r) =>
      r.account_id === null ? <Typography.Text type="secondary">未注册</Typography.Text> : r.account_name || '-',
  },
  {
    key: 'reason',
    title: '拉黑原因',
    render: (_, r) => (
      <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2, tooltip: r.reason }}>
        {r.reason || '-'}
      </Typography.Paragraph>
    ),
  },
  { key: 'created_by', title: '添加人', width: 120, render: (_, r) => r.created_by?.name || '-' },
  {
    key: 'created_at',
    title: '添加时间',
    width: 160,
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_, r) => formatDateTime(r.created_at),
  },
];

/**
 * 黑名单: the pharmacy's blocked phones (masked), searched by the full phone, its last four digits or the account name;
 * 添加黑名单 for every marketing role; 移出 (with a confirmation) for the managers (shop, pharmacy_admin, manager), as
 * the server checks. All state in the URL.
 */
export function BlacklistList() {
  const list = useListPage({ querySchema: blackUserListQuerySchema });
  const query = list.query as BlackUserListQuery;
  const { data, isFetching } = useBlackUsers(query);
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const manager = isMarketingManager(role);
  const remove = useRemoveBlackUser();

  const rowActions: RowAction<BlackUser>[] = manager
    ? [
        {
          key: 'remove',
          label: '移出',
          danger: true,
          confirm: '确定将该用户移出黑名单？移出后可正常下单与咨询。',
          onClick: async (r) => {
            try {
              await remove.mutateAsync(r.id);
              dialogToast.success('已移出黑名单');
            } catch {
              // shown by the HTTP layer
            }
          },
        },
      ]
    : [];

  return (
    <ListPage<BlackUser, BlackUserListQuery>
      label="黑名单列表"
      list={list}
      scope="none"
      toolbar={
        <Flex gap={8} wrap align="center" justify="space-between" style={{ width: '100%' }}>
          <ListKeywordSearch
            label="按手机号或姓名搜索"
            placeholder="手机号 / 后四位 / 姓名"
            value={query.keyword}
            onSearch={(v) => list.setQuery({ keyword: v })}
            width={260}
          />
          <Flex gap={8} align="center">
            {!manager ? <Typography.Text type="secondary">移出黑名单请联系店长或经理</Typography.Text> : null}
            <Button type="primary" danger icon={<PlusOutlined />} onClick={() => list.openAction('add', 'new')}>
              添加黑名单
            </Button>
          </Flex>
        </Flex>
      }
      columns={columns}
      rowKey="id"
      rows={data?.list}
      total={data?.total}
      loading={isFetching}
      rowActions={rowActions}
      actionsWidth={90}
      dialogs={{ add: { render: ({ close }) => <BlacklistAddDialog onClose={close} /> } }}
    />
  );
}
