import type { PageResult, ProductQuote } from '@pharmacy/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { catalogueKeys } from './catalogue-keys';

/** The on-shelf quotes of one product with their pharmacies, cheapest first. */
export async function getMedicineQuotes(productId: number, signal?: AbortSignal): Promise<ProductQuote[]> {
  const data = await callApi<ProductQuote[] | PageResult<ProductQuote>>(
    'mpCms.quote',
    { product_id: productId, page_size: 100 },
    { signal },
  );
  return Array.isArray(data) ? data : (data?.list ?? []);
}

export const medicineQuotesQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: catalogueKeys.medicineQuotes(productId),
    queryFn: ({ signal }) => getMedicineQuotes(productId, signal),
  });

export function useMedicineQuotes(productId: number | null) {
  return useQuery({ ...medicineQuotesQueryOptions(productId ?? 0), enabled: productId !== null });
}
