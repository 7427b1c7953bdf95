export { ImportGuide, type ImportGuideProps, type ImportPreviewLike } from './import-guide';
export { ImportErrorTable, ImportPreviewTable, type ImportRowError } from './import-tables';
