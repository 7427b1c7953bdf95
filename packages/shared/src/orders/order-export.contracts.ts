import { defineContracts } from '../common/contract';
import { orderFilterSchema } from './order.schema';

// The package index exports this file; the schemas travel with it.
export * from './order-export.schema';

const exportDescription =
  "The order list's current filter streamed as a spreadsheet named 订单导出-YYYYMMDD.xls (Office Open XML content " +
  'under the spec\'s .xls name, see docs/orders.md "Export"); X-Total-Count carries the row count before the body. ' +
  'Phones are masked as in the list.';

/** The order list's export (the current filter, streamed as a spreadsheet). */
export const orderExportContracts = defineContracts('orders_export', {
  export: {
    method: 'GET',
    path: '/orders/pharmacy/export',
    kind: 'file',
    access: { pharmacy: 'order_read_pharmacy' },
    summary: '导出订单（当前筛选，xls 文件名）',
    description: exportDescription,
    query: orderFilterSchema,
  },
  adminExport: {
    method: 'GET',
    path: '/orders/admin/export',
    kind: 'file',
    access: { admin: 'order' },
    summary: '导出订单（运营，全部店铺或所选店铺）',
    description: exportDescription,
    query: orderFilterSchema,
  },
});
