import { defineContracts } from '../common/contract';

/** Combos (quote_set): CRUD, on / off sale. */
export const comboContracts = defineContracts('quoteSet', {});
