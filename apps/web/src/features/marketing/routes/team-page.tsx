import { PlusOutlined } from '@ant-design/icons';
import { isMarketingManager, type Team, type TeamMember } from '@pharmacy/shared';
import { Alert, Button, Card, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSessionStore } from '../../../lib/session-store';
import { useTeams } from '../api/team-list';
import { TeamCard } from '../components/team-card';
import { TeamCodeButton } from '../components/team-code-button';
import { TeamFormDialog } from '../components/team-form-dialog';
import { TeamMemberDialog } from '../components/team-member-dialog';

type Dialog = { kind: 'create' } | { kind: 'edit'; team: Team } | { kind: 'add'; team: Team };

/**
 * /marketManage/team — 团队管理: the pharmacy's customer-service teams and members with their customers and personal
 * codes. Managers (shop, pharmacy_admin, manager) create, edit and delete teams and move members; customer service
 * sees their own team read-only, with their own code.
 */
export default function TeamPage() {
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const canManage = isMarketingManager(role);
  const teams = useTeams();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const data = teams.data;
  const staff: TeamMember[] = useMemo(
    () => (data ? [...data.teams.flatMap((t) => t.members), ...data.unassigned] : []),
    [data],
  );
  const teamNames = useMemo(() => new Map((data?.teams ?? []).map((t) => [t.id, t.name])), [data]);
  const me = data ? staff.find((m) => m.member_id === data.me) : undefined;

  return (
    <section aria-labelledby="team-title">
      <Flex align="center" justify="space-between" style={{ marginBottom: 16 }} wrap gap={8}>
        <Typography.Title id="team-title" level={4} style={{ margin: 0 }}>
          团队管理
        </Typography.Title>
        <Flex gap={8}>
          {me ? (
            <TeamCodeButton member={me} type="default" size="middle" aria-label="我的专属二维码">
              我的专属二维码
            </TeamCodeButton>
          ) : null}
          {canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
              新建团队
            </Button>
          ) : null}
        </Flex>
      </Flex>

      {!canManage ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="您可以查看本团队成员及自己的专属二维码；患者扫码加入后将成为您的客户。"
        />
      ) : null}

      {teams.isError ? (
        <Result status="error" title="团队加载失败" extra={<Button onClick={() => teams.refetch()}>重试</Button>} />
      ) : !data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : data.teams.length === 0 && data.unassigned.length === 0 ? (
        <Card>
          <Empty description={canManage ? '暂无团队，点击「新建团队」开始' : '您尚未加入团队'} />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          {data.teams.map((t) => (
            <TeamCard
              key={t.id}
              team={t}
              members={t.members}
              canManage={canManage}
              me={data.me}
              onEdit={() => setDialog({ kind: 'edit', team: t })}
              onAdd={() => setDialog({ kind: 'add', team: t })}
            />
          ))}
          {data.unassigned.length > 0 ? (
            <TeamCard team={null} members={data.unassigned} canManage={canManage} me={data.me} />
          ) : null}
        </Flex>
      )}

      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <TeamFormDialog
          team={dialog.kind === 'edit' ? dialog.team : undefined}
          staff={staff}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'add' ? (
        <TeamMemberDialog team={dialog.team} staff={staff} teamNames={teamNames} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  );
}
