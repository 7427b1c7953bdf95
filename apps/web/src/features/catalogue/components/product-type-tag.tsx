import { type ProductType, productTypeLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

const colors: Record<ProductType, string> = { RX: 'red', OTC: 'green', HERBAL: 'gold', NON_DRUG: 'blue' };

export function ProductTypeTag({ type }: { type: ProductType }) {
  return (
    <Tag color={colors[type]} style={{ marginInlineEnd: 0 }}>
      {productTypeLabels[type]}
    </Tag>
  );
}
