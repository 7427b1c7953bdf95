import {
  type Combo,
  type ComboItem,
  comboMessages,
  quoteSetStatusLabels,
  unavailableReasonLabels,
} from '@pharmacy/shared';
import { Alert, Button, Descriptions, Flex, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatDateTime } from '../../../lib/format';
import { useCombo } from '../api/combo-detail';
import { ComboTotals } from './combo-totals';
import { ComboTypeTag } from './combo-type-tag';

const columns: ColumnsType<ComboItem> = [
  {
    key: 'product',
    title: '商品',
    render: (_: unknown, i) => (
      <Flex gap={8} align="center">
        <ImageWithFallback src={i.image ?? undefined} alt={i.name} width={40} height={40} />
        <Flex vertical>
          <span>{i.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {i.spec}
          </Typography.Text>
        </Flex>
      </Flex>
    ),
  },
  { key: 'type', title: '类型', width: 92, render: (_: unknown, i) => <ComboTypeTag type={i.type} /> },
  { key: 'price', title: '单价（元）', dataIndex: 'price', width: 96, align: 'right' },
  { key: 'qty', title: '数量', dataIndex: 'qty', width: 70, align: 'right' },
  { key: 'subtotal', title: '小计（元）', dataIndex: 'subtotal', width: 100, align: 'right' },
  { key: 'stock', title: '库存', dataIndex: 'stock', width: 70, align: 'right' },
  {
    key: 'status',
    title: '商品状态',
    width: 90,
    render: (_: unknown, i) =>
      i.status === 'on_shelf' ? <Tag color="green">上架</Tag> : <Tag color="red">已下架</Tag>,
  },
];

/** The warnings a combo carries now: quotes gone off shelf (cannot go on sale), stock short of the quantity. */
export function ComboWarnings({ combo }: { combo: Combo }) {
  const off = combo.unavailable_items.filter((u) => u.reason === 'off_shelf');
  const short = combo.unavailable_items.filter((u) => u.reason === 'out_of_stock');
  return (
    <>
      {off.length ? (
        <Alert
          type="error"
          showIcon
          title={`${comboMessages.hasOffShelf}：${off.map((u) => `「${u.name}」`).join('')}`}
          description={
            combo.status === 'on_sale'
              ? '商品下架后套餐未自动下架，顾客将无法购买该商品，请编辑套餐替换商品或将套餐下架。'
              : '请编辑套餐替换已下架的商品，或待其重新上架后再上架套餐。'
          }
        />
      ) : null}
      {short.length ? (
        <Alert
          type="warning"
          showIcon
          title={`${unavailableReasonLabels.out_of_stock}：${short.map((u) => `「${u.name}」`).join('')}`}
        />
      ) : null}
    </>
  );
}

/** 查看: the combo with its items as they are now. */
export function ComboDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: combo, isError } = useCombo(id);
  return (
    <Modal
      open
      title={combo ? `套餐详情：${combo.name}` : '套餐详情'}
      width={820}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {isError ? (
        <Typography.Text type="secondary">{comboMessages.notFound}</Typography.Text>
      ) : !combo ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          <ComboWarnings combo={combo} />
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'name', label: '套餐名称', children: combo.name },
              {
                key: 'status',
                label: '状态',
                children: (
                  <Tag color={combo.status === 'on_sale' ? 'green' : 'default'}>
                    {quoteSetStatusLabels[combo.status]}
                  </Tag>
                ),
              },
              { key: 'created_at', label: '创建时间', children: formatDateTime(combo.created_at) },
              { key: 'updated_at', label: '更新时间', children: formatDateTime(combo.updated_at) },
              { key: 'remark', label: '备注', span: 2, children: combo.remark || '—' },
            ]}
          />
          <Table<ComboItem>
            aria-label="套餐商品"
            size="small"
            rowKey="quote_id"
            columns={columns}
            dataSource={combo.items}
            pagination={false}
          />
          <ComboTotals itemsTotal={combo.items_total} price={combo.price} saving={combo.saving} />
        </Flex>
      )}
    </Modal>
  );
}
