import { hasAdminPermission, hasPharmacyPermission } from '@pharmacy/shared';
import { Button, Result } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../lib/session-store';

/**
 * The spec's §6 check for the signed-in user and the current pharmacy, as a function of a permission key.
 * Without a key, holding a pharmacy role is enough (shop always passes).
 */
export function usePermission(): (key?: string) => boolean {
  const userInfo = useSessionStore((s) => s.userInfo);
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useCallback(
    (key?: string) => (userInfo ? hasPharmacyPermission(userInfo, pharmacyId, key) : false),
    [userInfo, pharmacyId],
  );
}

/** The operator's check (hasAdminPermission) for the signed-in user, as a function of a permission key. */
export function useAdminPermission(): (key?: string) => boolean {
  const userInfo = useSessionStore((s) => s.userInfo);
  return useCallback((key?: string) => (userInfo ? hasAdminPermission(userInfo, key) : false), [userInfo]);
}

/** Whose permission keys a page's buttons and dialogs are checked against. */
export type PermissionScope = 'pharmacy' | 'admin' | 'none';

const allowAll = () => true;

/** The check of a scope: the pharmacy's keys, the operator's keys, or none (every signed-in visitor of the page). */
export function useScopedPermission(scope: PermissionScope): (key?: string) => boolean {
  const pharmacy = usePermission();
  const admin = useAdminPermission();
  return scope === 'pharmacy' ? pharmacy : scope === 'admin' ? admin : allowAll;
}

export interface PermissionGateProps {
  /** The button/page permission key (e.g. `order_read_pharmacy`). */
  permission?: string;
  /** Shown instead when the check fails (default: nothing). */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Renders its children only when the user passes the permission check for the current pharmacy. */
export function PermissionGate({ permission, fallback = null, children }: PermissionGateProps) {
  const can = usePermission();
  return <>{can(permission) ? children : fallback}</>;
}

/** An operator page: shown only to an admin holding the key (the server checks the same key again). */
export function RequireAdminPermission({ permission, children }: { permission?: string; children: ReactNode }) {
  const can = useAdminPermission();
  if (!can(permission)) {
    return <Result status="403" title="无权访问" subTitle="您没有该页面的操作权限，请联系平台管理员。" />;
  }
  return <>{children}</>;
}

/**
 * A pharmacy console page that checks for itself (not marked `pharmacyScoped` in the route table): 请先选择药店 with
 * 切换药店 while no pharmacy is chosen, 无权访问 saying `denied` without the key, else the page.
 */
export function RequirePharmacyPermission({
  permission,
  denied,
  children,
}: {
  permission: string;
  /** e.g. 您没有财务对账权限，请联系药店管理员。 */
  denied: string;
  children: ReactNode;
}) {
  const pharmacy = useSessionStore((s) => s.currentPharmacy);
  const can = usePermission();
  const navigate = useNavigate();
  if (!pharmacy) {
    return (
      <Result
        status="info"
        title="请先选择药店"
        extra={
          <Button type="primary" onClick={() => navigate('/pharmacy/switch-pharmacy')}>
            切换药店
          </Button>
        }
      />
    );
  }
  if (!can(permission)) return <Result status="403" title="无权访问" subTitle={denied} />;
  return <>{children}</>;
}
