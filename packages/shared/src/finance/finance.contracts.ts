import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './finance.schema';

/** A pharmacy's settlements (finance): list, statistics, export, one order's money. */
export const financeContracts = defineContracts('finance', {});
