import { patientContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { patientKeys } from './patient-keys';

/** My delivery addresses (收货地址), the default first. */
export function getAddresses(signal?: AbortSignal) {
  return callApi(patientContracts.addresses, {}, { signal });
}

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: patientKeys.addresses(), queryFn: ({ signal }) => getAddresses(signal) });

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
