import { defineContracts } from '../common/contract';

/** Quote import (pharmacy/import quote): template, preview, apply, error report. */
export const quoteImportContracts = defineContracts('quoteImport', {});
