import type { PharmacyRole } from '../common/roles';

// Marketing (issue 16, docs/marketing.md): customers and their CRM card, member data, medication users, orders for
// customers (proxy and non-drug), tasks, teams and personal codes, channels and their codes, share packages, the
// blacklist and the manager's health form review. This file holds what every part shares: who may do what, and the
// refusals every part may meet. Each part keeps its own shapes in its own `<part>.schema.ts`.

// ---------------------------------------------------------------- roles (the same lists guard the routes and the UI)

/** Customer service's pages (spec §6): customers, tasks, customer orders, teams, non-drug and proxy ordering. */
export const marketingStaffRoles = [
  'shop',
  'pharmacy_admin',
  'manager',
  'customer_service',
] as const satisfies readonly PharmacyRole[];
/** Who manages: reviews share packages, manages teams, assigns owners of any customer, sees the whole pharmacy's work. */
export const marketingManagerRoles = ['shop', 'pharmacy_admin', 'manager'] as const satisfies readonly PharmacyRole[];
export const isMarketingManager = (role: PharmacyRole | null | undefined) =>
  !!role && (marketingManagerRoles as readonly string[]).includes(role);
/** Health form review in the marketing console is the manager's only (spec §6). */
export const healthReviewRoles = ['manager'] as const satisfies readonly PharmacyRole[];
/** Channel management: the manager with the channel_manage key (spec §6: excluded for the shop role). */
export const channelRoles = ['manager'] as const satisfies readonly PharmacyRole[];
export const CHANNEL_PERMISSION_KEY = 'channel_manage';

/** Route access of the marketing contracts (see common/contract.ts RouteAccess; roles AND key when both given). */
export const marketingStaffAccess = { pharmacy: null, roles: marketingStaffRoles } as const;
export const marketingManagerAccess = { pharmacy: null, roles: marketingManagerRoles } as const;
export const healthReviewAccess = { pharmacy: null, roles: healthReviewRoles } as const;
export const channelAccess = { pharmacy: CHANNEL_PERMISSION_KEY, roles: channelRoles } as const;

// ---------------------------------------------------------------- shared refusals

export const marketingMessages = {
  customerNotFound: '客户不存在',
  staffNotFound: '员工不存在或不在本药店',
  blacklisted: '该用户已被加入黑名单，无法操作',
  notRecipient: '您不是被分享人',
} as const;

/** The patient area's pages the marketing console links to (payment link, invitation, share, channel code). */
export const patientLinks = {
  pay: (orderId: number) => `/patient/pay?id=${orderId}`,
  share: (shareId: number) => `/patient/share?id=${shareId}`,
  /** A staff member's personal code: binds a new customer to that member. */
  staffInvite: (memberId: number) => `/patient/invite?staff=${memberId}`,
  /** A channel's code: the scene names the channel. */
  channel: (scene: string) => `/patient/invite?scene=${encodeURIComponent(scene)}`,
} as const;
