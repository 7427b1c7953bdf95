import { canOpenPath, menuFor, type PermissionSubject, safeRedirectTarget } from '@pharmacy/shared';

export const LOGIN_SUCCESS_PATH = '/login/loginSuccess';

/**
 * Where a fresh sign-in goes: the `redirect` target when it is a same-origin relative path the user's roles can
 * open; else the first entry of the user's menu; else (an account with no console menu, e.g. a patient) the
 * login-success page.
 */
export function loginTarget(user: PermissionSubject, pharmacyId: number | null, redirect: unknown): string {
  const target = safeRedirectTarget(redirect);
  const targetPath = target?.split(/[?#]/)[0] ?? '';
  const isLoginPage = targetPath === '/login' || targetPath.startsWith('/login/');
  if (target && !isLoginPage && canOpenPath(user.roles, target)) return target;
  return menuFor(user, pharmacyId)[0]?.children[0]?.path ?? LOGIN_SUCCESS_PATH;
}
