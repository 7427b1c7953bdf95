import { pharmacyDirectoryContracts } from '@pharmacy/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { orderKeys } from './order-keys';

/** The pharmacies the operator's pharmacy filter offers (the public directory, at most 100). */
export const pharmacyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.pharmacies(),
    queryFn: async ({ signal }) => {
      const page = await callApi(pharmacyDirectoryContracts.list, { page: 1, page_size: 100 }, { signal });
      return page.list.map((p) => ({ value: p.id, label: p.name }));
    },
    staleTime: 5 * 60_000,
  });

export function usePharmacyOptions(enabled: boolean) {
  return useQuery({ ...pharmacyOptionsQueryOptions(), enabled });
}
