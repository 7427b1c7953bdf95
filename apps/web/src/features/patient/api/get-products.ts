import { type PharmacyProductListQuery, pharmacyDirectoryContracts } from '@pharmacy/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { patientKeys } from './patient-keys';

export const PRODUCTS_PAGE_SIZE = 20;

/** A pharmacy's on-shelf quotes (the public product list: quote id, price, stock and product). */
export function getProducts(query: PharmacyProductListQuery, signal?: AbortSignal) {
  return callApi(pharmacyDirectoryContracts.products, query, { signal });
}

export const productsQueryOptions = (query: Omit<PharmacyProductListQuery, 'page' | 'page_size'>) =>
  infiniteQueryOptions({
    queryKey: patientKeys.products({ ...query, page_size: PRODUCTS_PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) =>
      getProducts({ ...query, page: pageParam, page_size: PRODUCTS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

/** Page after page of the pharmacy's products (加载更多). */
export function useProducts(query: Omit<PharmacyProductListQuery, 'page' | 'page_size'>, enabled = true) {
  return useInfiniteQuery({ ...productsQueryOptions(query), enabled });
}
