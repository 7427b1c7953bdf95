import { medicineContracts, pharmacyDirectoryContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { websiteKeys } from './website-keys';

/** How many medicines are listed and how many pharmacies take part: the totals of the two public lists. */
export async function getPlatformTotals(signal?: AbortSignal) {
  const [medicines, pharmacies] = await Promise.all([
    callApi(medicineContracts.list, { page: 1, page_size: 1 }, { signal }),
    callApi(pharmacyDirectoryContracts.list, { page: 1, page_size: 1 }, { signal }),
  ]);
  return { medicines: medicines.total, pharmacies: pharmacies.total };
}

export function usePlatformTotals() {
  return useQuery({
    queryKey: websiteKeys.totals(),
    queryFn: ({ signal }) => getPlatformTotals(signal),
    staleTime: 5 * 60_000,
  });
}
