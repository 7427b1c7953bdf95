import type { PharmacyListQuery, PharmacyProductListQuery } from '@pharmacy/shared';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { category, pharmacy, product, quote } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';

/**
 * On-shelf quotes of a pharmacy: what "在售" means on the public pages. Written out in full because drizzle renders a
 * column of a single-table select unqualified, which inside this subquery would mean the quote's own id.
 */
const quoteCount = sql<number>`(select count(*) from quote q where q.pharmacy_id = "pharmacy"."id" and q.status = 'on_shelf')::int`;

/** Open pharmacies as visitors see them. */
export class PharmacyDirectoryRepository {
  constructor(private readonly db: Database) {}

  async list(query: PharmacyListQuery) {
    const conds: SQL[] = [eq(pharmacy.status, 'active')];
    if (query.city) conds.push(eq(pharmacy.city, query.city));
    if (query.q) {
      const p = containsPattern(query.q);
      conds.push(or(ilike(pharmacy.name, p), ilike(pharmacy.address, p), ilike(pharmacy.district, p))!);
    }
    const where = and(...conds);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ pharmacy, quoteCount })
        .from(pharmacy)
        .where(where)
        .orderBy(asc(pharmacy.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db.select({ total: count() }).from(pharmacy).where(where),
    ]);
    return { rows, total };
  }

  async detail(id: number) {
    const [row] = await this.db
      .select({ pharmacy, quoteCount })
      .from(pharmacy)
      .where(and(eq(pharmacy.id, id), eq(pharmacy.status, 'active')))
      .limit(1);
    return row ?? null;
  }

  async products(query: PharmacyProductListQuery) {
    const conds: SQL[] = [
      eq(quote.pharmacyId, query.pharmacy_id),
      eq(quote.status, 'on_shelf'),
      eq(product.status, 'active'),
      sql`exists (select 1 from ${pharmacy} ph where ph.id = ${quote.pharmacyId} and ph.status = 'active')`,
    ];
    if (query.type) conds.push(eq(product.type, query.type));
    if (query.category_id) {
      const inTree = this.db
        .select({ id: category.id })
        .from(category)
        .where(or(eq(category.id, query.category_id), eq(category.parentId, query.category_id)));
      conds.push(inArray(product.categoryId, inTree));
    }
    if (query.q) {
      const p = containsPattern(query.q);
      conds.push(or(ilike(product.name, p), ilike(product.genericName, p), ilike(product.approvalNo, p))!);
    }
    const where = and(...conds);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ quote, product })
        .from(quote)
        .innerJoin(product, eq(product.id, quote.productId))
        .where(where)
        .orderBy(sql`${quote.isTop} desc`, asc(quote.sort), asc(quote.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db.select({ total: count() }).from(quote).innerJoin(product, eq(product.id, quote.productId)).where(where),
    ]);
    return { rows, total };
  }
}
