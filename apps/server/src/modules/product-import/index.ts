export { ERROR_REPORT_FILE_NAME, writeErrorReport } from './error-report';
export { productImportModule } from './module';
export {
  formatOf,
  ImportFileError,
  type ImportFormat,
  mapHeader,
  readImportRows,
  readSourceRows,
  type SourceRow,
} from './read-rows';
export { type ImportColumn, importColumns, TEMPLATE_FILE_NAME, typeLabels, writeTemplate } from './template';
export {
  approvalSpecKey,
  checkRecord,
  drugApprovalPattern,
  type ImportError,
  type ImportMode,
  type ImportReport,
  type ImportRow,
  isValidEan13,
  type ProductLookup,
  validateImport,
} from './validate';
