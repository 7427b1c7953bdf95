import { shippingContracts, type TrackingEventBody } from '@pharmacy/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { orderKeys } from './order-keys';
import { shippingKeys } from './shipping-keys';

export function getLogistics(id: number, signal?: AbortSignal) {
  return callApi(shippingContracts.logistics, { id }, { signal });
}

export const logisticsQueryOptions = (pharmacyId: number | null, id: number) =>
  queryOptions({
    queryKey: shippingKeys.logistics(pharmacyId, id),
    queryFn: ({ signal }) => getLogistics(id, signal),
    enabled: pharmacyId !== null && id > 0,
  });

/** The order's shipment and its tracking timeline, newest first. */
export function useLogistics(id: number) {
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  return useQuery(logisticsQueryOptions(pharmacyId, id));
}

export function addTrackingEvent(input: { id: number } & TrackingEventBody) {
  return callApi(shippingContracts.addTrackingEvent, input);
}

/** Adds an event (the built-in tracking keeps what staff enter) and refreshes the timeline and the detail. */
export function useAddTrackingEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTrackingEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
