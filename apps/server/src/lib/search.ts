import { type SQL, sql } from 'drizzle-orm';

/** The text with LIKE's pattern characters (\ % _) taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** `%text%` for LIKE / ILIKE, the text taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * The catalogue search (medicines, quotes, combos' picker, the quote import's lookups): name, generic name, approval
 * number or barcode contain the text. Exactly the expression of product_search_trgm_idx (schema/catalogue.ts,
 * migration 0003), so one trigram index serves every module's search; `table` is how the query names product.
 */
export function productSearchCondition(keyword: string, table = 'product'): SQL {
  const t = sql.raw(`"${table.replace(/"/g, '')}"`);
  return sql`(${t}.name || chr(31) || ${t}.generic_name || chr(31) || ${t}.approval_no || chr(31) || ${t}.barcode) ilike ${containsPattern(keyword)}`;
}
