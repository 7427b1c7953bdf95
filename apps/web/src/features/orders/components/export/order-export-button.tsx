import type { OrderFilter } from '@pharmacy/shared';

/** 导出: the order list's current filter as a spreadsheet. Built by the export part of issue 12. */
export function OrderExportButton(_props: { filter: OrderFilter; scope: 'pharmacy' | 'admin' }) {
  return null;
}
