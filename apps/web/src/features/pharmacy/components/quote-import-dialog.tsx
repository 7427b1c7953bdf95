import { type QuoteImportRow, quoteImportActionLabels, quoteStatusLabels } from '@pharmacy/shared';
import { Button, Modal, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportGuide } from '../../../components/import-guide';
import {
  downloadQuoteImportErrors,
  downloadQuoteImportTemplate,
  previewQuoteImport,
  type QuoteImportApplied,
  useApplyQuoteImport,
} from '../api/quote-import';

/** The quote import guide (template, upload, per-row report, apply). Mounted by the quote page's 批量导入 button. */
export interface QuoteImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** After quotes were written: the quote page refetches its list and counts. */
  onApplied: () => void;
}

const columns: ColumnsType<QuoteImportRow> = [
  { key: 'row', title: '行号', dataIndex: 'row', width: 64 },
  {
    key: 'action',
    title: '操作',
    dataIndex: 'action',
    width: 90,
    render: (a: QuoteImportRow['action']) => (
      <Tag color={a === 'create' ? 'green' : 'blue'}>{quoteImportActionLabels[a]}</Tag>
    ),
  },
  { key: 'name', title: '药品名称', dataIndex: 'name' },
  { key: 'spec', title: '规格', dataIndex: 'spec' },
  { key: 'approval_no', title: '批准文号', dataIndex: 'approval_no', render: (v: string) => v || '—' },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', render: (v: string) => v || '—' },
  { key: 'price', title: '售价', dataIndex: 'price', align: 'right', render: (v: string) => `¥${v}` },
  {
    key: 'original_price',
    title: '原价',
    dataIndex: 'original_price',
    align: 'right',
    render: (v: string | null) => (v ? `¥${v}` : '—'),
  },
  { key: 'stock', title: '库存', dataIndex: 'stock', align: 'right' },
  {
    key: 'status',
    title: '上架状态',
    dataIndex: 'status',
    render: (s: QuoteImportRow['status'], r) =>
      s ? quoteStatusLabels[s] : r.action === 'create' ? quoteStatusLabels.on_shelf : '不变',
  },
];

function resultText(r: QuoteImportApplied) {
  const parts = [`新增 ${r.created} 条`, `更新 ${r.updated} 条`];
  if (r.skipped) parts.push(`跳过 ${r.skipped} 条`);
  return `导入成功：${parts.join('，')}`;
}

export function QuoteImportDialog({ open, onClose, onApplied }: QuoteImportDialogProps) {
  const apply = useApplyQuoteImport();
  return (
    <Modal
      open={open}
      title="导入报价"
      width={1040}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      <ImportGuide
        templateHint="按批准文号（同一批准文号有多个规格时加填条码）或条码匹配平台药品；必填售价和库存。已报价的药品更新，未报价的新增。"
        downloadTemplate={downloadQuoteImportTemplate}
        preview={previewQuoteImport}
        downloadErrors={downloadQuoteImportErrors}
        previewColumns={columns}
        extraStatistics={(p) => [
          { title: '新增报价', value: p.report.to_create },
          { title: '更新报价', value: p.report.to_update },
        ]}
        apply={(p, onlyValid) => apply.mutateAsync({ upload_id: p.upload_id, only_valid: onlyValid })}
        applyLabel={() => '确认导入'}
        resultText={resultText}
        onApplied={onApplied}
      />
    </Modal>
  );
}
