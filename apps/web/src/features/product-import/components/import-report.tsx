import { type ProductImportReport, productTypeLabels, showTotalText } from '@pharmacy/shared';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';

type ImportError = ProductImportReport['errors'][number];
type ImportRow = ProductImportReport['rows'][number];

const errorColumns: ColumnsType<ImportError> = [
  { key: 'row', title: '行号', dataIndex: 'row', width: 80 },
  { key: 'column', title: '列', dataIndex: 'column', width: 160 },
  { key: 'message', title: '错误信息', dataIndex: 'message' },
];

const rowColumns: ColumnsType<ImportRow> = [
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

/** Per-row problems of an upload: 行号 / 列 / 错误信息 (a transient report, paged in place). */
export function ImportErrorTable({ errors }: { errors: ImportError[] }) {
  return (
    <Table<ImportError>
      aria-label="错误明细"
      size="small"
      rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
      columns={errorColumns}
      dataSource={errors}
      pagination={{ pageSize: 10, showTotal: showTotalText, showSizeChanger: true }}
      locale={{ emptyText: '暂无数据' }}
    />
  );
}

/** The first valid rows, as they would be written. */
export function ImportPreviewTable({ rows }: { rows: ImportRow[] }) {
  return (
    <Table<ImportRow>
      aria-label="有效行预览"
      size="small"
      rowKey="row"
      columns={rowColumns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, showTotal: showTotalText, showSizeChanger: true }}
      locale={{ emptyText: '暂无数据' }}
    />
  );
}
