import { staffContracts, type UpdateStaffBody } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useStaffMutation } from './staff-keys';

/** Changes a member's role (their keys shrink to what the new role can hold) or name. */
export const updateStaff = ({ id, body }: { id: number; body: UpdateStaffBody }) =>
  callApi(staffContracts.update, { id, ...body });

export const useUpdateStaff = () => useStaffMutation(updateStaff);
