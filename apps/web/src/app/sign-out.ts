import { isProtectedPath } from '@pharmacy/shared';
import { useEffect } from 'react';

let pending: (() => Promise<void>) | null = null;

/**
 * Signing out from a protected page: go home first and wipe the session only once the protected page is gone
 * (useFinishSignOut, in the root view). Wiping first would let the guard see a signed-out user on a protected path and
 * send them to the login page instead of home (spec §4: cleared → home).
 */
export function beginSignOut(goHome: () => unknown, finish: () => Promise<void>) {
  pending = finish;
  goHome();
}

/** Completes a sign-out begun with beginSignOut once the current path is no longer protected. */
export function useFinishSignOut(pathname: string) {
  useEffect(() => {
    if (!pending || isProtectedPath(pathname)) return;
    const finish = pending;
    pending = null;
    void finish();
  }, [pathname]);
}
