import { ShopOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { useJoinPharmacy } from '../api/invite-join';
import { type InviteTarget, useInvitePreview } from '../api/invite-resolve';
import { Card } from '../components/bits';

const SCENE = /^[0-9A-Za-z_-]{1,64}$/;
const STAFF = /^[1-9]\d{0,9}$/;

/** The code's target from the link: ?scene=<channel scene> or ?staff=<pharmacy_member id>; null when neither is valid. */
function targetOf(params: URLSearchParams): InviteTarget | null {
  const scene = params.get('scene');
  if (scene && SCENE.test(scene)) return { scene };
  const staff = params.get('staff');
  if (staff && STAFF.test(staff) && Number(staff) <= 2_147_483_647) return { staff: Number(staff) };
  return null;
}

/**
 * /patient/invite?staff= | ?scene= — what a staff member's personal code or a channel's code opens: the pharmacy and
 * who invited, 加入药店 (records the scan and makes the patient a customer of the pharmacy), then links to the
 * pharmacy's shop and 我的. An existing customer is told so (no second membership); their coming through the code is
 * still a scan of it, recorded once on arrival by the same call (it changes nothing else for a customer).
 */
export default function InvitePage() {
  const [params] = useSearchParams();
  const target = targetOf(params);
  const preview = useInvitePreview(target);
  const join = useJoinPharmacy();
  const [joined, setJoined] = useState<{ name: string; fresh: boolean } | null>(null);
  const arrived = useRef(false);
  const isCustomer = preview.data?.is_customer === true;
  const { mutate: recordScan } = join;
  useEffect(() => {
    if (!isCustomer || !target || arrived.current) return;
    arrived.current = true;
    recordScan(target);
  }, [isCustomer, target, recordScan]);

  if (!target || preview.isError) {
    const missing = !target || (isApiError(preview.error) && preview.error.httpCode === 404);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? '二维码无效或已失效' : '加载失败，请稍后重试'}
        extra={
          <Link to="/patient">
            <Button type="primary">去药房首页</Button>
          </Link>
        }
      />
    );
  }
  if (!preview.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const p = preview.data;

  const done = joined ?? (p.is_customer ? { name: p.pharmacy_name, fresh: false } : null);
  if (done) {
    return (
      <Result
        status="success"
        title={done.fresh ? '加入成功' : '您已是本店会员'}
        subTitle={
          done.fresh ? `您已成为${done.name}的会员，药师与客服将为您提供用药服务。` : `${done.name}欢迎您再次光临。`
        }
        extra={[
          <Link key="shop" to={`/patient?pharmacy_id=${p.pharmacy_id}`}>
            <Button type="primary">进入药房</Button>
          </Link>,
          <Link key="me" to="/patient/me">
            <Button>我的</Button>
          </Link>,
        ]}
      />
    );
  }

  const submit = async () => {
    try {
      const result = await join.mutateAsync(target);
      setJoined({ name: result.pharmacy_name, fresh: result.joined });
    } catch {
      // shown by the HTTP layer (e.g. 403 blacklisted)
    }
  };

  return (
    <>
      <Card>
        <Flex vertical align="center" gap={12} style={{ padding: '16px 0' }}>
          <Avatar size={72} src={p.pharmacy_logo || undefined} icon={<ShopOutlined />} alt={p.pharmacy_name} />
          <Typography.Title level={4} style={{ margin: 0, textAlign: 'center' }}>
            {p.pharmacy_name}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            {p.kind === 'staff' ? (
              <>
                <UserOutlined /> {p.staff_name} 邀请您加入本店会员
              </>
            ) : (
              <>来自「{p.channel_name}」，邀请您加入本店会员</>
            )}
          </Typography.Text>
        </Flex>
      </Card>
      <Card title="会员权益">
        <ul className="patient-muted" style={{ margin: 0, paddingLeft: 20, lineHeight: 1.9 }}>
          <li>专属客服一对一用药咨询</li>
          <li>慢病复购提醒与健康讲座</li>
          <li>会员积分与专享活动</li>
        </ul>
      </Card>
      <div style={{ padding: '8px 16px 24px' }}>
        <Button type="primary" size="large" block loading={join.isPending} onClick={() => void submit()}>
          加入药店
        </Button>
      </div>
    </>
  );
}
