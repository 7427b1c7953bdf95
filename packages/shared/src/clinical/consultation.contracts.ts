import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './consultation.schema';

/** Consultation requests: the doctor's list, detail, approve, reject; added by a doctor for a patient; the patient's own (images). */
export const consultationContracts = defineContracts('consultation', {});
