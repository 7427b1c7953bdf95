import { canOpenPath, menuFor, type PermissionSubject, safeRedirectTarget } from '@pharmacy/shared';

export const LOGIN_SUCCESS_PATH = '/login/loginSuccess';
/** The patient area's home (app/layouts/patient-layout.tsx): where an account without any role lands. */
export const PATIENT_HOME_PATH = '/patient';

/**
 * Where a fresh sign-in goes: the `redirect` target when it is a same-origin relative path the user's roles can
 * open; else the first entry of the user's menu; else a patient (an account without any role) the patient area;
 * else (staff whose roles give no menu, e.g. without a pharmacy) the login-success page. Staff are never sent to the
 * patient area, though they may open it.
 */
export function loginTarget(user: PermissionSubject, pharmacyId: number | null, redirect: unknown): string {
  const target = safeRedirectTarget(redirect);
  const targetPath = target?.split(/[?#]/)[0] ?? '';
  const isLoginPage = targetPath === '/login' || targetPath.startsWith('/login/');
  if (target && !isLoginPage && canOpenPath(user.roles, target)) return target;
  const first = menuFor(user, pharmacyId)[0]?.children[0]?.path;
  if (first) return first;
  return user.roles.length === 0 ? PATIENT_HOME_PATH : LOGIN_SUCCESS_PATH;
}
