import { defineContracts } from '../common/contract';

/** A pharmacy's staff and their permission keys (pharmacy admin users, admin/permission). */
export const staffContracts = defineContracts('staff', {});
