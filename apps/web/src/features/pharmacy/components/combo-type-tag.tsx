import { type ProductType, productTypeLabels } from '@pharmacy/shared';
import { Tag } from 'antd';

const colors: Record<ProductType, string> = { RX: 'red', OTC: 'green', HERBAL: 'gold', NON_DRUG: 'blue' };

/** 处方药 / OTC / 中药饮片 / 非药品, coloured as on the catalogue pages. */
export function ComboTypeTag({ type }: { type: ProductType }) {
  return (
    <Tag color={colors[type]} style={{ marginInlineEnd: 0 }}>
      {productTypeLabels[type]}
    </Tag>
  );
}
