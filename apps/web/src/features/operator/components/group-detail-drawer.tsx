import { type GroupPharmacy, groupPharmacyStatusLabels, operatorKeys } from '@pharmacy/shared';
import { Button, Card, Drawer, Flex, Popconfirm, Skeleton, Statistic, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminPermission } from '../../../components/permission-gate';
import { dialogToast } from '../../../lib/feedback';
import { useGroup } from '../api/group-detail';
import { useRemoveGroupPharmacy, useSetGroupCross } from '../api/group-members';
import { GroupAddPharmacyDialog } from './group-add-pharmacy-dialog';

const KEY = operatorKeys.group;
const statusColor: Record<GroupPharmacy['status'], string> = {
  active: 'green',
  pending: 'blue',
  suspended: 'orange',
  rejected: 'red',
};
const ignore = () => undefined;

/** 集团详情: the group's figures, its member pharmacies with theirs, 集团共享报价 per pharmacy, 添加药店 and 移出. */
export function GroupDetailDrawer({ groupId, onClose }: { groupId: number; onClose: () => void }) {
  const { data: group, isLoading } = useGroup(groupId);
  const can = useAdminPermission();
  const cross = useSetGroupCross();
  const remove = useRemoveGroupPharmacy();
  const [adding, setAdding] = useState(false);

  const columns: ColumnsType<GroupPharmacy> = [
    {
      key: 'name',
      title: '药店',
      render: (_: unknown, p) => (
        <Flex vertical>
          <Typography.Text strong>{p.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[p.province, p.city, p.district].filter(Boolean).join(' ') || '-'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: '状态',
      width: 90,
      render: (_: unknown, p) => <Tag color={statusColor[p.status]}>{groupPharmacyStatusLabels[p.status]}</Tag>,
    },
    { key: 'quote_count', title: '上架报价', dataIndex: 'quote_count', align: 'right', width: 90 },
    {
      key: 'order_count',
      title: '订单',
      dataIndex: 'order_count',
      align: 'right',
      width: 80,
      // the operator's order list filtered the same way shows the same total
      render: (n: number, p) =>
        can(operatorKeys.order) && group ? (
          <Link to={`/website/order?pharmacy_id=${p.id}&date_from=${group.since}`}>{n}</Link>
        ) : (
          n
        ),
    },
    { key: 'gmv', title: 'GMV', dataIndex: 'gmv', align: 'right', width: 120, render: (v: string) => `¥${v}` },
    { key: 'member_count', title: '会员', dataIndex: 'member_count', align: 'right', width: 80 },
    {
      key: 'cross_group',
      title: '集团共享报价',
      width: 120,
      render: (_: unknown, p) => (
        <Switch
          checked={p.cross_group}
          disabled={!can(KEY)}
          loading={cross.isPending && cross.variables?.pharmacyId === p.id}
          checkedChildren="共享"
          unCheckedChildren="关闭"
          aria-label={`集团共享报价：${p.name}`}
          onChange={(on) =>
            cross
              .mutateAsync({ id: groupId, pharmacyId: p.id, on })
              .then(() => dialogToast.success(on ? '已开启集团共享' : '已关闭集团共享'), ignore)
          }
        />
      ),
    },
    ...(can(KEY)
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 80,
            render: (_: unknown, p: GroupPharmacy) => (
              <Popconfirm
                title={`确定将「${p.name}」移出集团吗？`}
                description="移出后该药店的集团共享报价同时关闭。"
                okText="移出"
                cancelText="取消"
                onConfirm={() =>
                  remove
                    .mutateAsync({ id: groupId, pharmacyId: p.id })
                    .then(() => dialogToast.success('已移出'), ignore)
                }
              >
                <Button type="link" danger size="small" style={{ padding: 0 }}>
                  移出
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer open width={960} title={group ? `集团详情 · ${group.name}` : '集团详情'} onClose={onClose} destroyOnHidden>
      {isLoading || !group ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {group.remark ? <Typography.Text type="secondary">{group.remark}</Typography.Text> : null}
          <Flex gap={12} wrap>
            <Card size="small" style={{ flex: 1, minWidth: 150 }}>
              <Statistic title="成员药店" value={group.pharmacy_count} suffix="家" />
            </Card>
            <Card size="small" style={{ flex: 1, minWidth: 150 }}>
              <Statistic title="共享报价药店" value={group.cross_count} suffix="家" />
            </Card>
            <Card size="small" style={{ flex: 1, minWidth: 150 }}>
              <Statistic title="近 30 天订单" value={group.order_count} suffix="单" />
            </Card>
            <Card size="small" style={{ flex: 1, minWidth: 150 }}>
              <Statistic title="近 30 天 GMV" value={group.gmv} prefix="¥" />
            </Card>
            <Card size="small" style={{ flex: 1, minWidth: 150 }}>
              <Statistic title="会员" value={group.member_count} suffix="人" />
            </Card>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            订单与 GMV 统计 {group.since} 起至今（GMV 为已支付且未取消订单的实付金额）；会员为各药店会员去重后的人数。
            开启“集团共享报价”的药店，其上架报价会展示给本集团其他药店（报价管理 › 集团共享报价）。
          </Typography.Text>
          <Flex justify="space-between" align="center">
            <Typography.Title level={5} style={{ margin: 0 }}>
              成员药店
            </Typography.Title>
            {can(KEY) ? (
              <Button type="primary" onClick={() => setAdding(true)}>
                添加药店
              </Button>
            ) : null}
          </Flex>
          <Table<GroupPharmacy>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={group.pharmacies}
            pagination={false}
            locale={{ emptyText: '暂无成员药店，点击“添加药店”加入' }}
          />
        </Flex>
      )}
      {adding && group ? (
        <GroupAddPharmacyDialog groupId={group.id} groupName={group.name} onClose={() => setAdding(false)} />
      ) : null}
    </Drawer>
  );
}
