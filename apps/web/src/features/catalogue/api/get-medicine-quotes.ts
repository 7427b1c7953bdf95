import { medicineContracts } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

/** The on-shelf quotes of one product with their pharmacies, cheapest first. */
export async function getMedicineQuotes(productId: number, signal?: AbortSignal) {
  const page = await callApi(medicineContracts.quotes, { product_id: productId, page_size: 100 }, { signal });
  return page.list;
}

export const medicineQuotesQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: catalogueKeys.medicineQuotes(productId),
    queryFn: ({ signal }) => getMedicineQuotes(productId, signal),
  });

export function useMedicineQuotes(productId: number | null) {
  return useQuery({ ...medicineQuotesQueryOptions(productId ?? 0), enabled: productId !== null });
}
