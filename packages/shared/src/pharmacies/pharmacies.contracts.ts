import { z } from 'zod';
import { myPharmacySchema } from '../auth/auth.schema';
import { defineContracts } from '../common/contract';

/** Pharmacies as seen by their staff. */
export const pharmacyContracts = defineContracts('pharmacy', {
  me: {
    method: 'GET',
    path: '/pharmacy/me',
    access: { signedIn: true },
    summary: '我所在的药店（角色与权限）',
    response: z.array(myPharmacySchema),
  },
});
