import {
  EnvironmentOutlined,
  ExclamationCircleOutlined,
  FileTextOutlined,
  HeartOutlined,
  MedicineBoxOutlined,
  RightOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { maskPhone } from '@pharmacy/shared';
import { Avatar, Button } from 'antd';
import { Link } from 'react-router';
import { useSessionStore } from '../../../lib/session-store';
import { Card } from '../components/bits';
import { usePatientOutlet } from '../components/patient-outlet';

const entries = [
  { to: '/patient/orders', label: '我的订单', icon: <FileTextOutlined /> },
  { to: '/patient/family-members', label: '就诊人管理', icon: <TeamOutlined /> },
  { to: '/patient/addresses', label: '收货地址', icon: <EnvironmentOutlined /> },
  { to: '/patient/consultations', label: '问诊与处方', icon: <MedicineBoxOutlined /> },
  { to: '/patient/health', label: '健康档案', icon: <HeartOutlined /> },
  { to: '/patient/live', label: '直播课堂', icon: <VideoCameraOutlined /> },
  { to: '/patient/complaint', label: '投诉建议', icon: <ExclamationCircleOutlined /> },
];

/** 我的: who is signed in, family members, addresses, 退出登录. */
export default function MePage() {
  const user = useSessionStore((s) => s.userInfo);
  const outlet = usePatientOutlet();
  return (
    <>
      <section className="patient-status-head" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Avatar size={52} src={user?.head_img_url || undefined} icon={<UserOutlined />} alt="" />
        <div>
          <h2>{user?.name || '患者用户'}</h2>
          <div style={{ fontSize: 13, opacity: 0.92 }}>{user ? maskPhone(user.phone) : ''}</div>
        </div>
      </section>
      <Card>
        {entries.map((e) => (
          <Link key={e.to} to={e.to} className="patient-menu-item">
            <span>
              <span aria-hidden="true" style={{ color: 'var(--patient-green)', marginRight: 10 }}>
                {e.icon}
              </span>
              {e.label}
            </span>
            <RightOutlined aria-hidden="true" className="patient-muted" />
          </Link>
        ))}
      </Card>
      <Button block size="large" danger onClick={() => outlet?.signOut()} style={{ marginTop: 12 }}>
        退出登录
      </Button>
    </>
  );
}
