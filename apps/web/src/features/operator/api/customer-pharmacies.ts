import { pharmacyDirectoryContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { customerKeys } from './customer-keys';

/** The pharmacy filter's options (the public directory of active pharmacies, at most 100). */
export const customerPharmacyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.pharmacies(),
    queryFn: async ({ signal }) => {
      const page = await callApi(pharmacyDirectoryContracts.list, { page: 1, page_size: 100 }, { signal });
      return page.list.map((p) => ({ value: p.id, label: p.name }));
    },
    staleTime: 5 * 60_000,
  });

export function useCustomerPharmacyOptions() {
  return useQuery(customerPharmacyOptionsQueryOptions());
}
