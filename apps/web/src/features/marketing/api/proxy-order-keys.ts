import type { CustomerOrderListQuery, ProxyCatalogQuery } from '@pharmacy/shared';

/** Query keys of orders for customers (代下单, 非药品下单) and 客户订单; under one root so a write refreshes them all. */
export const proxyOrderKeys = {
  all: ['marketing', 'proxy-order'] as const,
  customers: (keyword: string) => [...proxyOrderKeys.all, 'customers', keyword] as const,
  customer: (id: number) => [...proxyOrderKeys.all, 'customer', id] as const,
  catalog: (q: ProxyCatalogQuery) => [...proxyOrderKeys.all, 'catalog', q] as const,
  list: (q: CustomerOrderListQuery) => [...proxyOrderKeys.all, 'list', q] as const,
  filterOptions: () => [...proxyOrderKeys.all, 'filter'] as const,
  detail: (id: number) => [...proxyOrderKeys.all, 'detail', id] as const,
};
