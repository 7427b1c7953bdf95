import type { OrderFilter } from '@pharmacy/shared';
import { useScopedPermission } from '../../../../components/permission-gate';
import { exportOrders } from '../../api/order-export';
import { ExportProgressButton } from './export-progress-button';

/**
 * 导出: the order list's current filter as a spreadsheet (订单导出-YYYYMMDD.xls), with the rows announced and the
 * bytes received shown while it downloads. Pharmacy staff need order_read_pharmacy, the operator `order`.
 */
export function OrderExportButton({ filter, scope }: { filter: OrderFilter; scope: 'pharmacy' | 'admin' }) {
  const can = useScopedPermission(scope);
  if (!can(scope === 'admin' ? 'order' : 'order_read_pharmacy')) return null;
  return (
    <ExportProgressButton noun="订单" run={(onProgress, signal) => exportOrders(scope, filter, onProgress, signal)} />
  );
}
