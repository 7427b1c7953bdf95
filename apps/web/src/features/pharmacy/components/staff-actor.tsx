import type { StaffActor, StaffMember, StaffTarget } from '@pharmacy/shared';
import { useMemo } from 'react';
import { useSessionStore } from '../../../lib/session-store';

/**
 * The signed-in user as the shared grant rules see them in the current pharmacy (their role and keys there, from
 * pharmacy/me), or null before the pharmacy is known. The server checks the same rules with its own copy.
 */
export function useStaffActor(): StaffActor | null {
  const accountId = useSessionStore((s) => s.userInfo?.id ?? null);
  const current = useSessionStore((s) => s.currentPharmacy);
  return useMemo(
    () => (accountId !== null && current ? { accountId, role: current.role, permissions: current.permissions } : null),
    [accountId, current],
  );
}

export const targetOf = (m: StaffMember): StaffTarget => ({
  accountId: m.account_id,
  role: m.role,
  isOwner: m.is_owner,
  permissions: m.permissions,
});
