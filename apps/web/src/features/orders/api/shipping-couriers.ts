import { shippingContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { shippingKeys } from './shipping-keys';

export function getShippingCouriers(signal?: AbortSignal) {
  return callApi(shippingContracts.couriers, undefined, { signal });
}

export const shippingCouriersQueryOptions = (pharmacyId: number | null) =>
  queryOptions({
    queryKey: shippingKeys.couriers(pharmacyId),
    queryFn: ({ signal }) => getShippingCouriers(signal),
    enabled: pharmacyId !== null,
    staleTime: 60_000,
  });

/** The send-good dialog's couriers: the pharmacy's own first, then every code of spec §3; whether SF is set up. */
export function useShippingCouriers() {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(shippingCouriersQueryOptions(pharmacyId));
}
