import type { RecipeWarning } from './clinical.schema';

/** A prescription line with what the aids need of its product. */
export interface AidItem {
  name: string;
  generic_name: string;
  /** The product's type (RX, OTC, HERBAL, NON_DRUG). */
  type: string;
  /** The therapeutic class: the product's category name. */
  category: string;
  dose_amount: string;
  dose_unit: string;
  frequency: string;
  days: number;
  qty: number;
  /** The product's spec (e.g. 0.3g×24粒/盒), for units per pack. */
  spec: string;
}

export interface AidPatient {
  age: number | null;
  weight_kg: string | null;
  /** The family member's allergy history entries (e.g. 青霉素类, 头孢类, 磺胺类). */
  allergies: readonly string[];
}

/**
 * The inspection aids (issue 13, docs/clinical.md "Inspection aids"): pure, the same on the server (authoritative,
 * run when the doctor writes and again when the pharmacist inspects) and in the dialogs.
 */
export function runInspectionAids(_items: readonly AidItem[], _patient: AidPatient): RecipeWarning[] {
  throw new Error('runInspectionAids: not implemented yet (issue 13, recipe helper)');
}
