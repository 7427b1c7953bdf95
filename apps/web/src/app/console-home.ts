import { menuFor, type PermissionSubject } from '@pharmacy/shared';

/** Where "进入控制台" leads: the first entry of the user's menu, else the messages page every staff role has. */
export function consoleHomePath(user: PermissionSubject | null, pharmacyId: number | null): string {
  if (!user) return '/login';
  return menuFor(user, pharmacyId)[0]?.children[0]?.path ?? '/message';
}
