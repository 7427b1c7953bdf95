import { patientCatalogContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { patientKeys } from './patient-keys';

/** Where to transfer the money for one of my orders (its pharmacy's receiving account). */
export function getReceiving(orderId: number, signal?: AbortSignal) {
  return callApi(patientCatalogContracts.receiving, { id: orderId }, { signal });
}

export const receivingQueryOptions = (orderId: number) =>
  queryOptions({ queryKey: patientKeys.receiving(orderId), queryFn: ({ signal }) => getReceiving(orderId, signal) });

export function useReceiving(orderId: number | null) {
  return useQuery({ ...receivingQueryOptions(orderId ?? 0), enabled: !!orderId });
}
