import { adminCustomerContracts } from '@pharmacy/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** The member's full phone: the server writes an audit row (customer.phone_reveal) for each call. Never cached. */
export function revealAdminCustomerPhone(id: number) {
  return callApi(adminCustomerContracts.phone, { id });
}

export function useRevealAdminCustomerPhone() {
  return useMutation({ mutationFn: (id: number) => revealAdminCustomerPhone(id) });
}
