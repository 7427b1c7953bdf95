import type { MedicineListItem } from '@pharmacy/shared';
import { Link } from 'react-router';
import { ImageWithFallback } from '../../../components/image-with-fallback';
import { formatYuan } from './money';
import { ProductTypeTag } from './product-type-tag';

export type MedicineCardItem = Pick<MedicineListItem, 'id' | 'name' | 'spec' | 'type' | 'image' | 'min_price'> & {
  pharmacy_count?: number;
};

export const medicineHref = (id: number) => `/medicine/detail?id=${id}`;

/** A medicine tile: lazy image with its size set, name, spec, type and the lowest quoted price. */
export function MedicineCard({ item, note }: { item: MedicineCardItem; note?: string }) {
  return (
    <Link to={medicineHref(item.id)} className="cat-card">
      <ImageWithFallback src={item.image ?? undefined} alt={item.name} width={160} height={160} loading="lazy" />
      <span className="cat-card-title">{item.name}</span>
      <span className="cat-muted cat-ellipsis" style={{ fontSize: 12 }}>
        {item.spec}
      </span>
      <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 4 }}>
        <span className="cat-price">{formatYuan(item.min_price)}</span>
        <ProductTypeTag type={item.type} />
      </span>
      {note ? (
        <span className="cat-muted" style={{ fontSize: 12 }}>
          {note}
        </span>
      ) : null}
    </Link>
  );
}
