import { type ProxyCatalogQuery, proxyOrderContracts } from '@pharmacy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { proxyOrderKeys } from './proxy-order-keys';

/** 选择商品: on-shelf quotes (non_drug: NON_DRUG only), combos on sale (proxy) and the delivery terms. */
export const proxyCatalogQueryOptions = (q: ProxyCatalogQuery) =>
  queryOptions({
    queryKey: proxyOrderKeys.catalog(q),
    queryFn: ({ signal }) => callApi(proxyOrderContracts.catalog, q, { signal }),
    placeholderData: keepPreviousData,
  });

export function useProxyCatalog(q: ProxyCatalogQuery) {
  return useQuery(proxyCatalogQueryOptions(q));
}
