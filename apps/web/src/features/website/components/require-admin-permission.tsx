import { hasAdminPermission } from '@pharmacy/shared';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useSessionStore } from '../../../lib/session-store';

/** An operator page: shown only to an admin holding the key (the server checks the same key again). */
export function RequireAdminPermission({ permission, children }: { permission?: string; children: ReactNode }) {
  const user = useSessionStore((s) => s.userInfo);
  if (!user || !hasAdminPermission(user, permission)) {
    return <Result status="403" title="无权访问" subTitle="您没有该页面的操作权限，请联系平台管理员。" />;
  }
  return <>{children}</>;
}
