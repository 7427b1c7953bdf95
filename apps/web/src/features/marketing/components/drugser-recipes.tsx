import type { DrugserRecipe } from '@pharmacy/shared';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../../lib/format';
import { type DrugserScope, useDrugserRecipes } from '../api/drugser-queries';

const statusColors: Record<string, string> = {
  pending_inspection: 'gold',
  approved: 'green',
  rejected: 'red',
  void: 'default',
};

/** The member's prescriptions (read only): at the pharmacy; for the operator, at every pharmacy. */
export function DrugserRecipes({ scope, id }: { scope: DrugserScope; id: number }) {
  const recipes = useDrugserRecipes(scope, id);
  const columns: ColumnsType<DrugserRecipe> = [
    { title: '处方编号', dataIndex: 'recipe_no', width: 200 },
    ...(scope === 'admin' ? [{ title: '药店', dataIndex: 'pharmacy_name', width: 180, ellipsis: true }] : []),
    { title: '医生', dataIndex: 'doctor_name', width: 90, render: (d: string) => d || '-' },
    {
      title: '诊断',
      dataIndex: 'diagnoses',
      width: 180,
      render: (d: string[]) => (d.length ? d.join('；') : '-'),
    },
    {
      title: '药品',
      dataIndex: 'items',
      render: (items: DrugserRecipe['items']) => (
        <Space direction="vertical" size={2}>
          {items.map((item, i) => (
            // the lines of one prescription keep their order; a drug may appear twice
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no id of their own
            <span key={i}>
              {item.name}
              {item.spec ? `（${item.spec}）` : ''}
              {item.qty !== null ? ` ×${item.qty}` : ''}
              {item.usage && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {' '}
                  {item.usage}
                </Typography.Text>
              )}
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: string, row) => <Tag color={statusColors[s]}>{row.status_label}</Tag>,
    },
    { title: '开具时间', dataIndex: 'created_at', width: 150, render: formatDateTime },
  ];
  if (recipes.isError && !recipes.data) {
    return <Alert type="error" showIcon message="处方加载失败" description={recipes.error.message} />;
  }
  return (
    <Table<DrugserRecipe>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={recipes.data}
      loading={recipes.isFetching}
      aria-label="处方记录"
      locale={{ emptyText: '暂无处方' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
