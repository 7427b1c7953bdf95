import { customerContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { customerKeys } from './customer-keys';

export function getCustomerCard(id: number, signal?: AbortSignal) {
  return callApi(customerContracts.card, { id }, { signal });
}

export const customerCardQueryOptions = (pharmacyId: number | null, id: number) =>
  queryOptions({
    queryKey: customerKeys.card(pharmacyId, id),
    queryFn: ({ signal }) => getCustomerCard(id, signal),
    enabled: pharmacyId !== null && id > 0,
  });

/** One customer's CRM card: info, family, orders, prescriptions, chats, live attendance, follow-ups, tasks. */
export function useCustomerCard(id: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(customerCardQueryOptions(pharmacyId, id));
}
