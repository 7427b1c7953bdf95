import { liveControlRoles } from '@pharmacy/shared';
import { Result } from 'antd';
import { useSessionStore } from '../../../lib/session-store';
import { LiveControlRoom } from '../components/live-control-room';

/** /broadcast/live (直播后台): the shop's control room of today's lives (spec §6: the shop only). */
export default function LiveAdminPage() {
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  if (!role || !(liveControlRoles as readonly string[]).includes(role)) {
    return <Result status="403" title="无权访问" subTitle="直播后台仅店主可用。" />;
  }
  return <LiveControlRoom />;
}
