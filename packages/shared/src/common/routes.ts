import type { Role } from './roles';

/** Public pages: open to visitors even where they share a prefix with a protected area. */
export const publicPaths = [
  '/',
  '/login',
  '/login/loginSuccess',
  '/table-demo',
  '/medicine/list',
  '/medicine/detail',
  '/pharmacy/list',
  '/pharmacy/detail',
  '/website/contact',
  '/website/services',
  '/website/certificate',
] as const;

/** Path prefixes that need a signed-in user. */
export const protectedPrefixes = [
  '/broadcast',
  '/chatRoom',
  '/chemist',
  '/doctor',
  '/marketManage',
  '/pharmacy',
  '/website',
  '/message',
] as const;

const pharmacyStaffShared = ['/broadcast', '/chatRoom', '/message', '/pharmacy/switch-pharmacy'];

/** Route → role prefix map: a path is allowed when it starts with one of its user's roles' prefixes. */
export const rolePathPrefixes: Record<Role, readonly string[]> = {
  shop: [...pharmacyStaffShared, '/pharmacy', '/marketManage/blackUser', '/marketManage/drugser', '/marketManage/customer'],
  pharmacy_admin: [
    ...pharmacyStaffShared,
    '/pharmacy',
    '/marketManage/blackUser',
    '/marketManage/drugser',
    '/marketManage/customer',
  ],
  manager: [...pharmacyStaffShared, '/pharmacy/order', '/pharmacy/role', '/pharmacy/combo', '/marketManage'],
  customer_service: [
    ...pharmacyStaffShared,
    '/pharmacy/order',
    '/pharmacy/combo',
    '/marketManage/order',
    '/marketManage/task',
    '/marketManage/customer',
    '/marketManage/team',
    '/marketManage/createOrder',
    '/marketManage/blackUser',
    '/marketManage/substituteOrder',
  ],
  doctor: ['/doctor', '/message'],
  pharmacist: ['/chemist', '/message'],
  admin: ['/website', '/marketManage/drugser', '/marketManage/customer/data', '/message'],
};

const normalise = (path: string) => {
  const p = path.split(/[?#]/)[0] || '/';
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
};

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function isPublicPath(path: string): boolean {
  const p = normalise(path);
  return (publicPaths as readonly string[]).includes(p);
}

export function isProtectedPath(path: string): boolean {
  const p = normalise(path);
  if (isPublicPath(p)) return false;
  return protectedPrefixes.some((prefix) => underPrefix(p, prefix));
}

/** Whether one of the user's roles may open the path (public paths are open to all). */
export function canOpenPath(userRoles: readonly Role[], path: string): boolean {
  const p = normalise(path);
  if (!isProtectedPath(p)) return true;
  return userRoles.some((role) => rolePathPrefixes[role]?.some((prefix) => underPrefix(p, prefix)));
}

/** A login redirect target is honoured only when it is a same-origin relative path. */
export function safeRedirectTarget(redirect: unknown): string | null {
  if (typeof redirect !== 'string' || redirect.length === 0 || redirect.length > 2048) return null;
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\\]/.test(redirect)) return null;
  return redirect;
}
