import {
  compareRecipeWithOrder,
  type InspectionCompareRow,
  type InspectionDetail,
  inspectionMatchLabels,
  isInspectionDifference,
  recipeFrequencies,
} from '@pharmacy/shared';
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';

const frequencyLabel = (code: string) => recipeFrequencies.find((f) => f.code === code)?.label ?? code;

/** 处方与订单对照: the prescription's lines against the order's, paired by product, differences marked. */
export function InspectionCompare({ detail }: { detail: InspectionDetail }) {
  const rows = useMemo(
    () => (detail.order ? compareRecipeWithOrder(detail.items, detail.order.items) : []),
    [detail.items, detail.order],
  );
  const dosage = useMemo(() => {
    const byName = new Map<string, string>();
    for (const i of detail.items)
      byName.set(
        i.name,
        `每次 ${i.dose_amount}${i.dose_unit}，${frequencyLabel(i.frequency)}，${i.route}，${i.days} 天`,
      );
    return byName;
  }, [detail.items]);

  if (!detail.order)
    return (
      <Flex vertical gap={8}>
        <Alert type="info" showIcon title="该处方没有关联订单，仅审核处方内容。" />
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          dataSource={detail.items}
          columns={[
            {
              key: 'name',
              title: '处方药品',
              render: (_: unknown, i) => (
                <Flex vertical>
                  <span>
                    {i.name} <Typography.Text type="secondary">{i.spec}</Typography.Text>
                  </span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dosage.get(i.name)}
                  </Typography.Text>
                </Flex>
              ),
            },
            { key: 'qty', title: '数量', width: 70, align: 'right', render: (_: unknown, i) => i.qty },
          ]}
        />
      </Flex>
    );

  const differences = rows.filter((r) => isInspectionDifference(r.match)).length;
  const columns: ColumnsType<InspectionCompareRow> = [
    {
      key: 'recipe',
      title: '处方药品',
      render: (_: unknown, r) =>
        r.recipe ? (
          <Flex vertical>
            <span>
              {r.recipe.name} <Typography.Text type="secondary">{r.recipe.spec}</Typography.Text>
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dosage.get(r.recipe.name)}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'recipe_qty',
      title: '处方数量',
      width: 80,
      align: 'right',
      render: (_: unknown, r) => r.recipe?.qty ?? '—',
    },
    {
      key: 'order',
      title: '订单商品',
      render: (_: unknown, r) =>
        r.order ? (
          <span>
            {r.order.name} <Typography.Text type="secondary">{r.order.spec}</Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'order_qty',
      title: '订单数量',
      width: 80,
      align: 'right',
      render: (_: unknown, r) => r.order?.qty ?? '—',
    },
    {
      key: 'match',
      title: '对照',
      width: 120,
      render: (_: unknown, r) => (
        <Tag color={r.match === 'match' ? 'success' : r.match === 'no_rx_needed' ? 'default' : 'error'}>
          {inspectionMatchLabels[r.match]}
        </Tag>
      ),
    },
  ];
  return (
    <Flex vertical gap={8}>
      {differences ? (
        <Alert type="error" showIcon title={`处方与订单有 ${differences} 处不一致，请核对。`} />
      ) : (
        <Alert type="success" showIcon title="处方药品与订单一致。" />
      )}
      <Table<InspectionCompareRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        columns={columns}
        rowClassName={(r) => (isInspectionDifference(r.match) ? 'inspection-difference' : '')}
        onRow={(r) => (isInspectionDifference(r.match) ? { style: { background: '#fff2f0' } } : {})}
        aria-label="处方与订单对照"
      />
    </Flex>
  );
}
