/** Staff roles of a pharmacy (held through pharmacy_member). */
export const pharmacyRoles = ['shop', 'pharmacy_admin', 'manager', 'customer_service', 'pharmacist'] as const;
export type PharmacyRole = (typeof pharmacyRoles)[number];

/** Every role a console user can have. */
export const roles = [
  'shop',
  'pharmacy_admin',
  'manager',
  'customer_service',
  'doctor',
  'pharmacist',
  'admin',
] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  shop: '店主',
  pharmacy_admin: '药店管理员',
  manager: '经理',
  customer_service: '客服',
  doctor: '医生',
  pharmacist: '药师',
  admin: '平台运营',
};

/** Button/page permission keys held per pharmacy by pharmacy_admin, manager and customer_service. */
export const pharmacyPermissionKeys = [
  'quote_manage',
  'viper_manage',
  'order_read_pharmacy',
  'order_statistics',
  'finance',
  'pharmacy_setting',
  'account_permission',
  'channel_manage',
  'quote_set',
] as const;
export type PharmacyPermissionKey = (typeof pharmacyPermissionKeys)[number];

/** Operator (admin) permission keys. */
export const adminPermissionKeys = [
  'report',
  'group',
  'viper',
  'task',
  'order',
  'column',
  'pharmacy',
  'product',
] as const;
export type AdminPermissionKey = (typeof adminPermissionKeys)[number];

export const ALL_PERMISSIONS = 'all';

/** The keys each role may be granted (the keys that appear on its menu). */
export const grantableKeysByRole: Record<
  'pharmacy_admin' | 'manager' | 'customer_service',
  readonly PharmacyPermissionKey[]
> = {
  pharmacy_admin: [
    'quote_manage',
    'viper_manage',
    'order_read_pharmacy',
    'order_statistics',
    'finance',
    'pharmacy_setting',
    'account_permission',
    'quote_set',
  ],
  manager: ['order_read_pharmacy', 'order_statistics', 'account_permission', 'channel_manage', 'quote_set'],
  customer_service: ['order_read_pharmacy', 'quote_set'],
};
