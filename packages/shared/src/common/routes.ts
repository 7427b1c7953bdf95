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
  pharmacist: ['/chemist', '/message'],
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
  return protectedPrefixesLower.some((prefix) => underPrefix(p, prefix));
}

/** Whether one of the user's roles may open the path (public paths are open to all). */
export function canOpenPath(userRoles: readonly Role[], path: string): boolean {
  if (!isProtectedPath(path)) return true;
  const p = normalise(path);
  return userRoles.some((role) => rolePathPrefixesLower.get(role)?.some((prefix) => underPrefix(p, prefix)));
}

const REDIRECT_CHECK_ORIGIN = 'https://redirect-check.invalid';

/**
 * A login redirect target is honoured only when it is a same-origin relative path: it starts with one slash, holds no
 * backslash or control character, and the URL parser does not resolve it to a path starting with "//" (/..//evil.com
 * has the pathname //evil.com, another host to any code that reuses that pathname as a link).
 */
export function safeRedirectTarget(redirect: unknown): string | null {
  if (typeof redirect !== 'string' || redirect.length === 0 || redirect.length > 2048) return null;
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(redirect)) return null;
  let url: URL;
  try {
    url = new URL(redirect, REDIRECT_CHECK_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== REDIRECT_CHECK_ORIGIN || url.pathname.startsWith('//')) return null;
  return redirect;
}
