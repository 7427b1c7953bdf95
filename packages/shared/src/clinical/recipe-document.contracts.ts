import { defineContracts } from '../common/contract';

/** The printable prescription (A5 PDF with its number as a barcode) and the doctor's prescription statistics. */
export const recipeDocumentContracts = defineContracts('recipe', {});
