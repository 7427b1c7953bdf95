import { UserOutlined } from '@ant-design/icons';
import { type ChatPatientInfo, canOpenPage } from '@pharmacy/shared';
import { Avatar, Descriptions, Empty, Flex, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { chatTime } from '../../../components/chat';
import { formatDateTime } from '../../../lib/format';
import { useSessionStore } from '../../../lib/session-store';
import { usePatientInfo } from '../api/get-patient-info';

const ORDER_PAGE = '/pharmacy/order';
const RECIPE_PAGE = '/chemist/prescription-approval';
const TASK_PAGE = '/marketManage/task';

/** Where an order number links, when the role can open the order list. */
export function useOrderHref(): (orderNo: string) => string | undefined {
  const can = useSessionStore(
    (s) => !!s.userInfo && canOpenPage(s.userInfo, s.currentPharmacy?.id ?? null, ORDER_PAGE),
  );
  return (orderNo) => (can ? `${ORDER_PAGE}?order_no=${encodeURIComponent(orderNo)}` : undefined);
}

function useRecipeHref(): (recipeNo: string) => string | undefined {
  const can = useSessionStore(
    (s) => !!s.userInfo && canOpenPage(s.userInfo, s.currentPharmacy?.id ?? null, RECIPE_PAGE),
  );
  return (recipeNo) => (can ? `${RECIPE_PAGE}?status=all&keyword=${encodeURIComponent(recipeNo)}` : undefined);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ padding: '12px 16px', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Title level={5} style={{ fontSize: 14, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

const histories = (label: string, items: string[], color: string) =>
  items.length ? (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}：
      </Typography.Text>
      {items.map((h) => (
        <Tag key={h} color={color} style={{ marginBottom: 4 }}>
          {h}
        </Tag>
      ))}
    </div>
  ) : null;

function FamilyMembers({ members }: { members: ChatPatientInfo['family_members'] }) {
  if (!members.length) return <Typography.Text type="secondary">暂无家庭成员信息</Typography.Text>;
  return (
    <Flex vertical gap={10}>
      {members.map((m) => (
        <div key={m.id} style={{ background: '#fafafa', borderRadius: 6, padding: 8 }}>
          <Flex gap={6} align="center" wrap>
            <Typography.Text strong>{m.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[m.relation, m.gender, m.age !== null ? `${m.age} 岁` : null].filter(Boolean).join(' · ')}
            </Typography.Text>
            {m.is_default ? <Tag color="blue">默认</Tag> : null}
          </Flex>
          {histories('过敏史', m.allergy_history, 'red')}
          {histories('既往史', m.past_medical_history, 'orange')}
          {histories('家族史', m.family_medical_history, 'gold')}
          {!m.allergy_history.length && !m.past_medical_history.length && !m.family_medical_history.length ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              无过敏史及病史记录
            </Typography.Text>
          ) : null}
        </div>
      ))}
    </Flex>
  );
}

/** 新建任务 for this patient from the chat (the task page opens its dialog prefilled), when the role opens tasks. */
function NewTaskLink({ accountId, conversationId }: { accountId: number; conversationId: number }) {
  const can = useSessionStore((s) => !!s.userInfo && canOpenPage(s.userInfo, s.currentPharmacy?.id ?? null, TASK_PAGE));
  if (!can) return null;
  return <Link to={`${TASK_PAGE}?create=1&customer=${accountId}&conversation=${conversationId}`}>新建任务</Link>;
}

/** The patient info panel (right): member card, family members with histories, recent orders and prescriptions. */
export function PatientInfoPanel({ conversationId }: { conversationId: number | null }) {
  const { data, isLoading, isError } = usePatientInfo(conversationId);
  const orderHref = useOrderHref();
  const recipeHref = useRecipeHref();
  let body: ReactNode;
  if (conversationId === null) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="选择会话后显示患者信息" style={{ marginTop: 64 }} />
    );
  } else if (isLoading) {
    body = (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  } else if (isError || !data) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="患者信息加载失败" style={{ marginTop: 64 }} />;
  } else {
    body = (
      <>
        <Section title="会员卡">
          <Flex gap={12} align="center" style={{ marginBottom: 8 }}>
            <Avatar size={48} src={data.avatar || undefined} icon={<UserOutlined />} alt="" />
            <div style={{ flex: 1 }}>
              <Typography.Text strong style={{ fontSize: 16 }}>
                {data.name}
              </Typography.Text>
              <div>
                <Typography.Text type="secondary">{data.phone}</Typography.Text>
              </div>
            </div>
            <NewTaskLink accountId={data.account_id} conversationId={conversationId} />
          </Flex>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'since',
                label: '注册时间',
                children: data.member_since ? formatDateTime(data.member_since).slice(0, 10) : '—',
              },
              { key: 'count', label: '本店订单', children: `${data.order_count} 笔` },
              { key: 'total', label: '累计消费', children: `¥${data.order_total}` },
            ]}
          />
        </Section>
        <Section title="家庭成员">
          <FamilyMembers members={data.family_members} />
        </Section>
        <Section title="近期订单">
          {data.recent_orders.length ? (
            <Flex vertical gap={8}>
              {data.recent_orders.map((o) => {
                const href = orderHref(o.order_no);
                return (
                  <div key={o.order_id} style={{ fontSize: 13 }}>
                    <Flex justify="space-between" gap={6}>
                      {href ? <Link to={href}>{o.order_no}</Link> : <span>{o.order_no}</span>}
                      <Tag style={{ marginInlineEnd: 0 }}>{o.status_label}</Tag>
                    </Flex>
                    <Flex justify="space-between" gap={6}>
                      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, minWidth: 0 }}>
                        {o.first_item}
                        {o.item_count > 1 ? ` 等 ${o.item_count} 件` : ''}
                      </Typography.Text>
                      <Typography.Text style={{ fontSize: 12, flexShrink: 0 }}>¥{o.total}</Typography.Text>
                    </Flex>
                  </div>
                );
              })}
            </Flex>
          ) : (
            <Typography.Text type="secondary">暂无订单</Typography.Text>
          )}
        </Section>
        <Section title="近期处方">
          {data.recent_recipes.length ? (
            <Flex vertical gap={8}>
              {data.recent_recipes.map((r) => {
                const href = recipeHref(r.recipe_no);
                return (
                  <div key={r.id} style={{ fontSize: 13 }}>
                    <Flex justify="space-between" gap={6}>
                      {href ? <Link to={href}>{r.recipe_no}</Link> : <span>{r.recipe_no}</span>}
                      <Tag style={{ marginInlineEnd: 0 }}>{r.status_label}</Tag>
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {[r.patient_name, r.diagnosis, chatTime(r.created_at)].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </div>
                );
              })}
            </Flex>
          ) : (
            <Typography.Text type="secondary">暂无处方</Typography.Text>
          )}
        </Section>
      </>
    );
  }
  return (
    <aside aria-label="患者信息" style={{ height: '100%', overflowY: 'auto' }}>
      {body}
    </aside>
  );
}
