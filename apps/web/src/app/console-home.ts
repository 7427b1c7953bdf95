import { canOpenPath, menuFor, type PermissionSubject } from '@pharmacy/shared';
import { LOGIN_SUCCESS_PATH } from '../features/auth/lib/login-target';

/**
 * Where "进入控制台" leads: the first entry of the user's menu, else the messages page every staff role has; an
 * account with no console at all (a patient) goes to the page that says so, not to a page that would bounce it home.
 */
export function consoleHomePath(user: PermissionSubject | null, pharmacyId: number | null): string {
  if (!user) return '/login';
  const first = menuFor(user, pharmacyId)[0]?.children[0]?.path;
  if (first) return first;
  return canOpenPath(user.roles, '/message') ? '/message' : LOGIN_SUCCESS_PATH;
}
