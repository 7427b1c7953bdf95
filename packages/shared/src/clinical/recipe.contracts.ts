import { defineContracts } from '../common/contract';

// The package index exports this file; the schemas travel with it.
export * from './recipe.schema';

/** Prescriptions as the doctor writes them: the doctor's list with tab counts, write, check (inspection aids), detail, PDF, statistics; the doctor's profile and common diagnoses. */
export const recipeContracts = defineContracts('recipe', {});
