import { CheckCircleFilled } from '@ant-design/icons';
import { type PharmacyStatus, pharmacyStatusLabels, roleLabels } from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Card, Col, Empty, Row, Spin, Tag, Typography } from 'antd';
import { toast } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { useMyPharmacies } from '../api/get-my-pharmacies';
import { switchPharmacy } from '../lib/switch-pharmacy';

const statusColors: Record<PharmacyStatus, string> = {
  active: 'green',
  pending: 'orange',
  suspended: 'red',
  rejected: 'red',
};

/**
 * /pharmacy/switch-pharmacy — the user's pharmacies as cards (name, city, the user's role there, the pharmacy's
 * status); the current one is marked; a click switches (switchPharmacy: the pharmacyid header of every later call,
 * every pharmacy-scoped query refetched, the choice remembered for the next sign-in).
 */
export default function SwitchPharmacyPage() {
  const { isLoading } = useMyPharmacies();
  const queryClient = useQueryClient();
  const pharmacies = useSessionStore((s) => s.pharmacies);
  const current = useSessionStore((s) => s.currentPharmacy);

  return (
    <section aria-labelledby="switch-pharmacy-title">
      <Typography.Title id="switch-pharmacy-title" level={4} style={{ marginTop: 0 }}>
        切换药店
      </Typography.Title>
      {isLoading && pharmacies.length === 0 ? (
        <Spin />
      ) : pharmacies.length === 0 ? (
        <Empty description="您还没有加入任何药店" />
      ) : (
        <Row gutter={[16, 16]} role="list" aria-label="我的药店">
          {pharmacies.map((p) => {
            const isCurrent = p.id === current?.id;
            return (
              <Col key={p.id} xs={24} sm={12} lg={8} xl={6} role="listitem">
                <Card
                  hoverable={!isCurrent}
                  style={{ borderColor: isCurrent ? '#1677ff' : undefined, height: '100%' }}
                  styles={{ body: { padding: 0 } }}
                >
                  <button
                    type="button"
                    aria-current={isCurrent ? 'true' : undefined}
                    aria-label={isCurrent ? `${p.name}（当前药店）` : `切换到 ${p.name}`}
                    onClick={() => {
                      if (switchPharmacy(queryClient, p)) toast.success(`已切换到 ${p.name}`);
                    }}
                    style={{
                      all: 'unset',
                      boxSizing: 'border-box',
                      display: 'flex',
                      gap: 12,
                      alignItems: 'center',
                      width: '100%',
                      padding: 20,
                      cursor: isCurrent ? 'default' : 'pointer',
                    }}
                  >
                    <Avatar size={48} shape="square" src={p.logo_url || undefined} alt="">
                      {p.name.slice(0, 1)}
                    </Avatar>
                    <span style={{ flex: 1, minWidth: 0 }}>
                      <Typography.Text strong ellipsis>
                        {p.name}
                      </Typography.Text>
                      <br />
                      <Typography.Text type="secondary">
                        {[p.city, `我的角色：${roleLabels[p.role]}`].filter(Boolean).join(' · ')}
                      </Typography.Text>
                      <br />
                      <span style={{ display: 'inline-flex', gap: 6, marginTop: 6 }}>
                        {p.status ? (
                          <Tag color={statusColors[p.status]} style={{ marginInlineEnd: 0 }}>
                            {pharmacyStatusLabels[p.status]}
                          </Tag>
                        ) : null}
                        {isCurrent ? (
                          <Tag color="blue" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
                            当前药店
                          </Tag>
                        ) : null}
                      </span>
                    </span>
                  </button>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </section>
  );
}
