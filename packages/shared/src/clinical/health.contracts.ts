import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './health.schema';

/** Health forms: the doctor's review list, approve, reject (reset for the patient), the health chart; the patient's own forms and measurements. */
export const healthContracts = defineContracts('health', {});
