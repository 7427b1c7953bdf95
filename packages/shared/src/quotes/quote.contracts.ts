import { defineContracts } from '../common/contract';

/** A pharmacy's quotes (pharmacy/quote): list with tab counts, create, edit, shelf, pin, delete. */
export const quoteContracts = defineContracts('quote', {});
