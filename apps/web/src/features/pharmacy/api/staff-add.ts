import { type AddStaffBody, staffContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useStaffMutation } from './staff-keys';

/** Adds a member by phone (an unknown phone gets an account that signs in by SMS code). */
export const addStaff = (body: AddStaffBody) => callApi(staffContracts.add, body);

export const useAddStaff = () => useStaffMutation(addStaff);
