import { roleLabels, type Team, type TeamMember } from '@pharmacy/shared';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ConfirmButton } from '../../../components/list-page/confirm-button';
import { dialogToast } from '../../../lib/feedback';
import { useRemoveTeam, useRemoveTeamMember } from '../api/team-save';
import { TeamCodeButton } from './team-code-button';

export interface TeamCardProps {
  /** The team, or null for the staff in no team (未分组). */
  team: Team | null;
  members: TeamMember[];
  /** Manager roles: edit, add, remove, delete; every member's code. */
  canManage: boolean;
  /** The caller's member id (customer service sees only their own code). */
  me: number | null;
  onEdit?: () => void;
  onAdd?: () => void;
}

/** One team: its leader, members (role, masked phone, customers owned, new this month) and their codes. */
export function TeamCard({ team, members, canManage, me, onEdit, onAdd }: TeamCardProps) {
  const removeMember = useRemoveTeamMember();
  const removeTeam = useRemoveTeam();

  const columns: ColumnsType<TeamMember> = [
    {
      key: 'name',
      title: '姓名',
      dataIndex: 'name',
      render: (name: string, m) => (
        <Space size={4}>
          {name}
          {team?.leader_account_id === m.account_id ? <Tag color="gold">组长</Tag> : null}
          {m.member_id === me ? <Tag color="blue">我</Tag> : null}
        </Space>
      ),
    },
    { key: 'role', title: '角色', dataIndex: 'role', width: 90, render: (r: TeamMember['role']) => roleLabels[r] },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130 },
    { key: 'customers', title: '客户数', dataIndex: 'customers', width: 90, align: 'right' },
    { key: 'new', title: '本月新增', dataIndex: 'new_customers_month', width: 100, align: 'right' },
    {
      key: 'actions',
      title: '操作',
      width: 170,
      render: (_: unknown, m) => (
        <Space size={0}>
          {canManage || m.member_id === me ? <TeamCodeButton member={m} /> : null}
          {canManage && team ? (
            <ConfirmButton
              title={`确定将 ${m.name} 移出「${team.name}」吗？`}
              onConfirm={() =>
                removeMember.mutateAsync({ id: team.id, memberId: m.member_id }).then(
                  () => dialogToast.success('成员已移出'),
                  () => undefined,
                )
              }
              type="link"
              size="small"
              danger
            >
              移出
            </ConfirmButton>
          ) : null}
        </Space>
      ),
    },
  ];

  const title = team ? (
    <Space>
      <span>{team.name}</span>
      <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
        {`组长：${team.leader_name ?? '未设置'} · ${members.length} 人`}
      </Typography.Text>
    </Space>
  ) : (
    <Space>
      <span>未分组</span>
      <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
        {`${members.length} 人`}
      </Typography.Text>
    </Space>
  );

  const extra =
    canManage && team ? (
      <Space size={0}>
        <Button type="link" onClick={onAdd}>
          添加成员
        </Button>
        <Button type="link" onClick={onEdit}>
          编辑
        </Button>
        <ConfirmButton
          title={`确定删除「${team.name}」吗？`}
          onConfirm={() =>
            removeTeam.mutateAsync(team.id).then(
              () => dialogToast.success('团队已删除'),
              () => undefined,
            )
          }
          type="link"
          danger
        >
          删除
        </ConfirmButton>
      </Space>
    ) : null;

  return (
    <section aria-label={team ? team.name : '未分组'}>
      <Card size="small" title={title} extra={extra}>
        <Table<TeamMember>
          size="small"
          rowKey="member_id"
          columns={columns}
          dataSource={members}
          pagination={false}
          aria-label={`${team ? team.name : '未分组'}成员`}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无成员" /> }}
        />
      </Card>
    </section>
  );
}
