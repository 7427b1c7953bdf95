import { hasPharmacyPermission } from '@pharmacy/shared';
import { type ReactNode, useCallback } from 'react';
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
