import { showTotalText } from '@pharmacy/shared';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';

/** One problem of one row, as every import's report gives it. */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

const errorColumns: ColumnsType<ImportRowError> = [
  { key: 'row', title: '行号', dataIndex: 'row', width: 80 },
  { key: 'column', title: '列', dataIndex: 'column', width: 160 },
  { key: 'message', title: '错误信息', dataIndex: 'message' },
];

/** Per-row problems of an upload: 行号 / 列 / 错误信息 (a transient report, paged in place). */
export function ImportErrorTable({ errors }: { errors: ImportRowError[] }) {
  return (
    <Table<ImportRowError>
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

/** The first valid rows, as they would be written, in the import's own columns. */
export function ImportPreviewTable<Row extends { row: number }>({
  rows,
  columns,
}: {
  rows: Row[];
  columns: ColumnsType<Row>;
}) {
  return (
    <Table<Row>
      aria-label="有效行预览"
      size="small"
      rowKey="row"
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, showTotal: showTotalText, showSizeChanger: true }}
      locale={{ emptyText: '暂无数据' }}
    />
  );
}
