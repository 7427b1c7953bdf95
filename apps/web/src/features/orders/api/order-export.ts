import { type OrderFilter, orderExportContracts } from '@pharmacy/shared';
import { type CallOptions, callApi } from '../../../lib/http';
import type { OrderScope } from './order-keys';

/** Downloads the order list's current filter (订单导出-YYYYMMDD.xls), reporting progress as the body arrives. */
export function exportOrders(
  scope: OrderScope,
  filter: OrderFilter,
  onProgress: NonNullable<CallOptions['onDownloadProgress']>,
  signal?: AbortSignal,
) {
  const contract = scope === 'admin' ? orderExportContracts.adminExport : orderExportContracts.export;
  return callApi(contract, filter, { signal, onDownloadProgress: onProgress });
}
