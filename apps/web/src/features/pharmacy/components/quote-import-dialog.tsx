/** The quote import guide (template, upload, per-row report, apply). Mounted by the quote page's 批量导入 button. */
export interface QuoteImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** After quotes were written: the quote page refetches its list and counts. */
  onApplied: () => void;
}

export function QuoteImportDialog(_props: QuoteImportDialogProps) {
  return null;
}
