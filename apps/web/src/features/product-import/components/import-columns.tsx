import { type ProductImportReport, productTypeLabels } from '@pharmacy/shared';
import type { ColumnsType } from 'antd/es/table';

type ImportRow = ProductImportReport['rows'][number];

/** The medicine upload's valid rows as they will be written. */
export const productImportColumns: ColumnsType<ImportRow> = [
  { key: 'row', title: '行号', dataIndex: 'row', width: 70 },
  { key: 'name', title: '药品名称', dataIndex: 'name' },
  { key: 'generic_name', title: '通用名', dataIndex: 'generic_name' },
  { key: 'spec', title: '规格', dataIndex: 'spec' },
  { key: 'type', title: '类型', dataIndex: 'type', render: (t: ImportRow['type']) => productTypeLabels[t] },
  { key: 'manufacturer', title: '生产厂家', dataIndex: 'manufacturer' },
  { key: 'approval_no', title: '批准文号', dataIndex: 'approval_no', render: (v: string) => v || '—' },
  { key: 'barcode', title: '条形码', dataIndex: 'barcode', render: (v: string) => v || '—' },
  {
    key: 'product_id',
    title: '对应药品',
    dataIndex: 'product_id',
    render: (id: number | null) => (id ? `#${id}` : '新药品'),
  },
];
