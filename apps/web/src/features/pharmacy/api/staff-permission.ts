import { type StaffPermissionBody, staffContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useStaffMutation } from './staff-keys';

export const setStaffPermissions = ({ id, body }: { id: number; body: StaffPermissionBody }) =>
  callApi(staffContracts.setPermissions, { id, ...body });

export const useSetStaffPermissions = () => useStaffMutation(setStaffPermissions);
