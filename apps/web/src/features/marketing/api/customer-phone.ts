import { customerContracts } from '@pharmacy/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

/** The full phone (the owner or a manager; the server audits each reveal). Never cached. */
export function revealCustomerPhone(id: number) {
  return callApi(customerContracts.phone, { id });
}

export function useRevealCustomerPhone() {
  return useMutation({ mutationFn: (id: number) => revealCustomerPhone(id) });
}
