import type {
  CommentListQuery,
  MedicineListQuery,
  PharmacyListQuery,
  PharmacyProductListQuery,
} from '@pharmacy/shared';

/** The catalogue's query keys, defined once: invalidating `comments(productId)` refreshes that medicine's comments. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  cms: (collection: string, params: object) => [...catalogueKeys.all, 'cms', collection, params] as const,
  medicines: (query: MedicineListQuery) => [...catalogueKeys.all, 'medicines', query] as const,
  medicine: (id: number) => [...catalogueKeys.all, 'medicine', id] as const,
  medicineQuotes: (id: number) => [...catalogueKeys.all, 'medicine-quotes', id] as const,
  hot: (kind: 'all' | 'week', limit: number) => [...catalogueKeys.all, 'hot', kind, limit] as const,
  commentsOf: (productId: number) => [...catalogueKeys.all, 'comments', productId] as const,
  comments: (query: CommentListQuery) => [...catalogueKeys.commentsOf(query.product_id), query] as const,
  pharmacies: (query: PharmacyListQuery) => [...catalogueKeys.all, 'pharmacies', query] as const,
  pharmacy: (id: number) => [...catalogueKeys.all, 'pharmacy', id] as const,
  pharmacyProducts: (query: PharmacyProductListQuery) => [...catalogueKeys.all, 'pharmacy-products', query] as const,
};
