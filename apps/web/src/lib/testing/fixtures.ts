import type { MyPharmacy, UserInfo } from '@pharmacy/shared';

/** A signed-in user's info as user/info/me answers it: by default the demo pharmacy_admin (all keys in pharmacy 7). */
export const testUser = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  id: 2,
  phone: '13800000002',
  phone_user_id: 'u2',
  name: '演示',
  head_img_url: '',
  e_commerce: false,
  is_customer_service: false,
  is_doctor: false,
  is_manager: false,
  is_pharmacist: false,
  is_shop: false,
  roles: ['pharmacy_admin'],
  permissions: {},
  pharmacy_admin_permissions: { '7': ['all'] },
  admin_permissions: [],
  pharmacy_info: null,
  ...overrides,
});

/** One of the user's pharmacies, as pharmacy/me lists it. */
export const testPharmacy = (id: number, name = `药房${id}`): MyPharmacy => ({
  id,
  name,
  logo_url: '',
  city: '上海',
  role: 'pharmacy_admin',
  permissions: ['all'],
});
