import type { Role } from './roles';
import { isSitePath } from './rules/site-path';

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

/**
 * The patient area (/patient, a phone-sized shop): open to every signed-in account, whatever its roles (a patient has
 * none; staff may buy medicine too), so a visitor is sent to sign in and nobody is sent home from it.
 */
export const signedInPrefixes = ['/patient'] as const;

const pharmacyStaffShared = ['/broadcast', '/chatRoom', '/message', '/pharmacy/switch-pharmacy'];

/** Route → role prefix map: a path is allowed when it starts with one of its user's roles' prefixes. */
export const rolePathPrefixes: Record<Role, readonly string[]> = {
  shop: [
    ...pharmacyStaffShared,
    '/pharmacy',
    '/marketManage/blackUser',
    '/marketManage/drugser',
    '/marketManage/customer',
  ],
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
  pharmacist: ['/chemist', '/chatRoom', '/message'],
  // customer/data is the menus' spelling, customer/datas the route's (spec §2): both open the member data page.
  admin: [
    '/website',
    '/marketManage/drugser',
    '/marketManage/customer/data',
    '/marketManage/customer/datas',
    '/message',
  ],
};

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment).replace(/\//g, '%2F');
  } catch {
    return segment;
  }
};

/**
 * The path as the router matches it: React Router compares paths case-insensitively and percent-decoded (so
 * /Pharmacy/finance and /%70harmacy/finance open /pharmacy/finance); dot segments and repeated slashes are resolved
 * as the browser would. Everything is compared in lower case.
 */
const normalise = (path: string) => {
  const segments: string[] = [];
  for (const segment of (path.split(/[?#]/)[0] ?? '').split('/').map(decodeSegment)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
};

const lower = (paths: readonly string[]) => paths.map((p) => p.toLowerCase());
const publicPathsLower = lower(publicPaths);
const protectedPrefixesLower = lower(protectedPrefixes);
const signedInPrefixesLower = lower(signedInPrefixes);
const needSignInLower = [...protectedPrefixesLower, ...signedInPrefixesLower];
const rolePathPrefixesLower = new Map<string, string[]>(
  Object.entries(rolePathPrefixes).map(([role, prefixes]) => [role, lower(prefixes)]),
);

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function isPublicPath(path: string): boolean {
  return publicPathsLower.includes(normalise(path));
}

export function isProtectedPath(path: string): boolean {
  const p = normalise(path);
  if (publicPathsLower.includes(p)) return false;
  return needSignInLower.some((prefix) => underPrefix(p, prefix));
}

/**
 * Whether one of the user's roles may open the path (public paths are open to all; the patient area to every
 * signed-in account, roles or none: callers ask only for a signed-in user).
 */
export function canOpenPath(userRoles: readonly Role[], path: string): boolean {
  if (!isProtectedPath(path)) return true;
  const p = normalise(path);
  if (signedInPrefixesLower.some((prefix) => underPrefix(p, prefix))) return true;
  return userRoles.some((role) => rolePathPrefixesLower.get(role)?.some((prefix) => underPrefix(p, prefix)));
}

/**
 * A login redirect target is honoured only when it is a path on this site, by the same rule as a message's link
 * (isSitePath: one leading slash, no backslash or control character, stays on the origin, also once percent-decoded).
 */
export function safeRedirectTarget(redirect: unknown): string | null {
  return isSitePath(redirect) ? redirect : null;
}
