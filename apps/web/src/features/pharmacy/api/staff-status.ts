import { type StaffStatusBody, staffContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useStaffMutation } from './staff-keys';

/** 停用 / 启用: a disabled member is refused by this pharmacy from their next request on. */
export const setStaffStatus = ({ id, body }: { id: number; body: StaffStatusBody }) =>
  callApi(staffContracts.setStatus, { id, ...body });

export const useSetStaffStatus = () => useStaffMutation(setStaffStatus);
