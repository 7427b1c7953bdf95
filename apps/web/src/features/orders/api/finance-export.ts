import { type FinanceFilter, financeContracts } from '@pharmacy/shared';
import { type CallOptions, callApi } from '../../../lib/http';

/** Downloads the current filter's settlements (财务对账-YYYYMMDD.xls), reporting progress as the body arrives. */
export function exportFinance(
  filter: FinanceFilter,
  onProgress: NonNullable<CallOptions['onDownloadProgress']>,
  signal?: AbortSignal,
) {
  return callApi(financeContracts.export, filter, { signal, onDownloadProgress: onProgress });
}
