import type { RecipeCheckResult, RecipeItemInput } from '@pharmacy/shared';
import type { DbExecutor } from '../../db/client';

/** The patient facts the inspection aids use. */
export interface CheckPatient {
  age: number | null;
  weight_kg: string | null;
  allergies: readonly string[];
}

/** What the prescription needs of a product: its snapshot and the aids' facts (category = therapeutic class). */
export interface ProductFacts {
  id: number;
  name: string;
  generic_name: string;
  spec: string;
  type: string;
  manufacturer: string;
  category: string;
  status: string;
}

/**
 * Loads the lines' products and runs the inspection aids (packages/shared/src/clinical/inspection-aids.ts) on them:
 * used when the doctor types (POST recipe/check), when the prescription is written, and again at inspection. A failure
 * to run (a product missing, the database erring) answers `unavailable` with its reason, never an empty `ok`.
 * Owned by the recipe part (issue 13); the inspection part calls it.
 */
export async function checkRecipeItems(
  _db: DbExecutor,
  _items: readonly RecipeItemInput[],
  _patient: CheckPatient,
): Promise<{ result: RecipeCheckResult; products: Map<number, ProductFacts> }> {
  throw new Error('checkRecipeItems: not implemented yet (issue 13, recipe helper)');
}
