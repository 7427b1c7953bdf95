import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './inspection.schema';

/** The pharmacist's inspection: the pharmacy's waiting list with tab counts, the prescription with the aids run again, approve, reject. */
export const inspectionContracts = defineContracts('inspection', {});
