import { CheckCircleFilled } from '@ant-design/icons';
import { roleLabels } from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Card, Col, Empty, Row, Spin, Tag, Typography } from 'antd';
import { toast } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { useMyPharmacies } from '../api/get-my-pharmacies';
import { switchPharmacy } from '../lib/switch-pharmacy';

/** /pharmacy/switch-pharmacy — the user's pharmacies as cards; the current one is marked; a click switches. */
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
                        {[p.city, roleLabels[p.role]].filter(Boolean).join(' · ')}
                      </Typography.Text>
                      {isCurrent ? (
                        <>
                          <br />
                          <Tag color="blue" icon={<CheckCircleFilled />} style={{ marginTop: 6 }}>
                            当前药店
                          </Tag>
                        </>
                      ) : null}
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
