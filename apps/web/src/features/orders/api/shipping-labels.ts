import { shippingContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';

/** Downloads one order's SF label (顺丰面单_<waybill>.pdf, 100 × 150 mm). */
export function downloadLabel(id: number) {
  return callApi(shippingContracts.label, { id });
}

/** Downloads the labels of several orders as one PDF, a page each, in the order given. */
export function downloadLabels(ids: number[]) {
  return callApi(shippingContracts.labels, { ids: ids.join(',') });
}
