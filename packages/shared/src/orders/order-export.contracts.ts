import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './order-export.schema';

/** The order list's export (the current filter, streamed as a spreadsheet). */
export const orderExportContracts = defineContracts('orders_export', {});
