import { canOpenPath, isProtectedPath, pharmacyRoles, type Role } from '@pharmacy/shared';

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

const isPharmacyRole = (role: Role) => (pharmacyRoles as readonly Role[]).includes(role);

/**
 * Whether a page marked `pharmacyScoped` (its calls need the pharmacyid header) must ask for a pharmacy first: no
 * pharmacy is chosen, and none of the user's roles outside any pharmacy may open the path. Such a role (the operator
 * on 用药人 and 会员数据, by the shared route map) gets the page's platform-wide view without a pharmacy.
 */
export function needsPharmacyChoice(
  path: string,
  pharmacyScoped: boolean | undefined,
  roles: readonly Role[],
  currentPharmacyId: number | null,
): boolean {
  if (!pharmacyScoped || currentPharmacyId !== null) return false;
  return !roles.some((role) => !isPharmacyRole(role) && canOpenPath([role], path));
}
