import { canOpenPath, isProtectedPath, type Role } from '@pharmacy/shared';

export interface GuardSession {
  isLoggedIn: boolean;
  userInfo: { id: number; roles: readonly Role[] } | null;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'login'; to: string } | { kind: 'home'; to: '/' };

export const loginPathFor = (pathWithSearch: string) => `/login?redirect=${encodeURIComponent(pathWithSearch)}`;

/**
 * Spec §2 route guards: a protected path without a signed-in user id goes to the login route with the path (and its
 * query) in `redirect`; a path none of the user's roles may open goes home.
 */
export function guardDecision(location: { pathname: string; search?: string }, session: GuardSession): GuardDecision {
  const { pathname } = location;
  if (!isProtectedPath(pathname)) return { kind: 'allow' };
  const user = session.isLoggedIn ? session.userInfo : null;
  if (!user?.id) return { kind: 'login', to: loginPathFor(pathname + (location.search ?? '')) };
  if (!canOpenPath(user.roles, pathname)) return { kind: 'home', to: '/' };
  return { kind: 'allow' };
}
