import { customerContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { customerKeys } from './customer-keys';

export function getCustomerOptions(signal?: AbortSignal) {
  return callApi(customerContracts.options, undefined, { signal });
}

export const customerOptionsQueryOptions = (pharmacyId: number | null) =>
  queryOptions({
    queryKey: customerKeys.options(pharmacyId),
    queryFn: ({ signal }) => getCustomerOptions(signal),
    enabled: pharmacyId !== null,
    staleTime: 60_000,
  });

/** The filters' and the assign dialog's choices: staff who may own customers, channels, tags in use, me. */
export function useCustomerOptions() {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(customerOptionsQueryOptions(pharmacyId));
}
