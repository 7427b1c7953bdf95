import { staffContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useStaffMutation } from './staff-keys';

/** Removes the membership (the account stays; it may belong to other pharmacies). */
export const removeStaff = (id: number) => callApi(staffContracts.remove, { id });

export const useRemoveStaff = () => useStaffMutation(removeStaff);
