/**
 * The machinery every spreadsheet import shares (medicines, quotes): reading .xlsx / .csv rows as they stream,
 * receiving an upload into the shared storage with expiry, writing templates and error reports. Each import keeps
 * its own columns and row rules in its module.
 */
export {
  errorCollector,
  type ImportError,
  type ImportReportBase,
  type ReportColumn,
  writeErrorReport,
} from './error-report';
export {
  formatOf,
  headerName,
  ImportFileError,
  type ImportFormat,
  mapHeader,
  type RecordRow,
  readRecords,
  readSourceRows,
  type SheetColumn,
  type SourceRow,
} from './read-rows';
export {
  asBadFile,
  type IncomingFile,
  MAX_IMPORT_BYTES,
  type ReceivedFile,
  readUploadForm,
  receiveFile,
  sniffFormat,
  sweepUploadsPeriodically,
  uploadNotFound,
} from './receive';
export { IMPORT_UPLOAD_TTL_MS, type ScratchFile, type StoredUploadBase, UploadStore } from './upload-store';
export {
  attachment,
  loadExcelJS,
  sendSheet,
  type TemplateColumn,
  type TemplateSpec,
  writeTemplateWorkbook,
  XLSX_TYPE,
} from './workbook';
