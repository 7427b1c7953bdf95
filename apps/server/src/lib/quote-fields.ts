import type { ProductQuote } from '@pharmacy/shared';
import type { quote } from '../db/schema/index';

/** A quote as the API shows it (snake_case, money as decimal strings): one mapping for every list that shows quotes. */
export const quoteFields = (q: typeof quote.$inferSelect): Omit<ProductQuote, 'pharmacy_name' | 'pharmacy_city'> => ({
  id: q.id,
  pharmacy_id: q.pharmacyId,
  product_id: q.productId,
  price: q.price,
  original_price: q.originalPrice,
  stock: q.stock,
  status: q.status,
  is_top: q.isTop,
  sort: q.sort,
  sales_count: q.salesCount,
});
