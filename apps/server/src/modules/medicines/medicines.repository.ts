import type { CommentVoteKind, MedicineListQuery, ProductType } from '@pharmacy/shared';
import type { SQL } from 'drizzle-orm';
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import {
  account,
  commentVote,
  entry1,
  entry1Category,
  medicineComment,
  pharmacy,
  product,
  quote,
} from '../../db/schema/index';
import { quoteOfActivePharmacy } from '../../lib/pharmacy-visibility';
import { productSearchCondition } from '../../lib/search';

/** `%text%` for LIKE/ILIKE with the pattern characters taken literally. */

export interface MedicineRow {
  id: number;
  name: string;
  generic_name: string;
  spec: string;
  manufacturer: string;
  approval_no: string;
  type: ProductType;
  category_id: number | null;
  image: string | null;
  min_price: string | null;
  pharmacy_count: number;
  sales_count: number;
}

type Rows<T> = { rows: T[] };

/**
 * The medicine search: name, generic name, approval number or barcode contain the text (ILIKE over the four joined
 * by chr(31), served by one trigram GIN index, migration 0003). The benchmark's bare route runs the same SQL.
 */
export function medicineSearchCondition(q: string): SQL {
  return productSearchCondition(q, 'p');
}

const offers = sql`left join lateral (
    select min(q.price) as min_price, count(*) as pharmacy_count, sum(q.sales_count) as sales
    from quote q where q.product_id = p.id and q.status = 'on_shelf' and ${quoteOfActivePharmacy(sql`q.pharmacy_id`)}
  ) o on true`;

const listColumns = sql`p.id, p.name, p.generic_name, p.spec, p.manufacturer, p.approval_no, p.type, p.category_id,
  p.images[1] as image, o.min_price::text as min_price, coalesce(o.pharmacy_count, 0)::int as pharmacy_count,
  coalesce(o.sales, 0)::int as sales_count`;

const toMedicine = (r: MedicineRow): MedicineRow => ({
  ...r,
  category_id: r.category_id === null ? null : Number(r.category_id),
  pharmacy_count: Number(r.pharmacy_count),
  sales_count: Number(r.sales_count),
});

export class MedicineRepository {
  constructor(private readonly db: Database) {}

  async list(query: MedicineListQuery): Promise<{ rows: MedicineRow[]; total: number }> {
    const conds: SQL[] = [sql`p.status = 'active'`];
    if (query.q) conds.push(medicineSearchCondition(query.q));
    if (query.type) conds.push(sql`p.type = ${query.type}`);
    if (query.category_id) {
      conds.push(
        sql`p.category_id in (select c.id from category c where c.id = ${query.category_id} or c.parent_id = ${query.category_id})`,
      );
    }
    const priced = !!(query.min_price || query.max_price);
    if (query.min_price) conds.push(sql`o.min_price >= ${query.min_price}::numeric`);
    if (query.max_price) conds.push(sql`o.min_price <= ${query.max_price}::numeric`);
    const where = sql.join(conds, sql` and `);
    const order =
      query.sort === 'sales'
        ? sql`sales_count desc, p.id`
        : query.sort === 'price_asc'
          ? sql`o.min_price asc nulls last, p.id`
          : query.sort === 'price_desc'
            ? sql`o.min_price desc nulls last, p.id`
            : sql`p.id`;
    const offset = (query.page - 1) * query.page_size;
    // Sorted by id without a price filter, the page is picked first and only its 20 rows get their offers;
    // otherwise every match needs its offers to be sorted or filtered.
    const pageSql =
      query.sort === 'default' && !priced
        ? sql`select ${listColumns} from (select * from product p where ${where} order by p.id limit ${query.page_size} offset ${offset}) p
              ${offers} order by p.id`
        : sql`select ${listColumns} from product p ${offers} where ${where} order by ${order} limit ${query.page_size} offset ${offset}`;
    const [page, total] = await Promise.all([
      this.db.execute(pageSql) as Promise<Rows<MedicineRow>>,
      this.db.execute(
        sql`select count(*)::int as total from product p ${priced ? offers : sql``} where ${where}`,
      ) as Promise<Rows<{ total: number }>>,
    ]);
    return { rows: page.rows.map(toMedicine), total: Number(total.rows[0].total) };
  }

  /**
   * Medicines ranked by units sold: the one place that says what "sold" means. Today the quotes' sales counts (which
   * carry no dates, so `since` cannot narrow them yet); the orders module replaces the inner query with paid order
   * items since `since`.
   */
  async unitsSoldRanking(limit: number, _since: Date | null): Promise<(MedicineRow & { units_sold: number })[]> {
    const sold = sql`select q.product_id, sum(q.sales_count)::int as units_sold from quote q group by q.product_id`;
    const result = (await this.db.execute(
      sql`select ${listColumns}, s.units_sold from (${sold}) s join product p on p.id = s.product_id ${offers}
          where p.status = 'active' and s.units_sold > 0 order by s.units_sold desc, p.id limit ${limit}`,
    )) as Rows<MedicineRow & { units_sold: number }>;
    return result.rows.map((r) => ({ ...toMedicine(r), units_sold: Number(r.units_sold) }));
  }

  async product(id: number) {
    const [row] = await this.db
      .select()
      .from(product)
      .where(and(eq(product.id, id), eq(product.status, 'active')))
      .limit(1);
    return row ?? null;
  }

  async quotes(filter: { productId?: number; pharmacyId?: number }, page: number, pageSize: number) {
    const conds = [eq(quote.status, 'on_shelf'), eq(pharmacy.status, 'active')];
    if (filter.productId) conds.push(eq(quote.productId, filter.productId));
    if (filter.pharmacyId) conds.push(eq(quote.pharmacyId, filter.pharmacyId));
    const where = and(...conds);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ quote, pharmacyName: pharmacy.name, pharmacyCity: pharmacy.city })
        .from(quote)
        .innerJoin(pharmacy, eq(pharmacy.id, quote.pharmacyId))
        .where(where)
        .orderBy(asc(quote.price), asc(quote.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db
        .select({ total: count() })
        .from(quote)
        .innerJoin(pharmacy, eq(pharmacy.id, quote.pharmacyId))
        .where(where),
    ]);
    return { rows, total };
  }

  async provinces() {
    return this.db
      .selectDistinct({ province: pharmacy.province, city: pharmacy.city })
      .from(pharmacy)
      .where(eq(pharmacy.status, 'active'))
      .orderBy(pharmacy.province, pharmacy.city);
  }

  async licences() {
    return this.db
      .select({
        id: pharmacy.id,
        name: pharmacy.name,
        businessLicenceNo: pharmacy.businessLicenceNo,
        drugLicenceNo: pharmacy.drugLicenceNo,
        drugLicenceExpireAt: pharmacy.drugLicenceExpireAt,
        aptitudeImages: pharmacy.aptitudeImages,
      })
      .from(pharmacy)
      .where(eq(pharmacy.status, 'active'))
      .orderBy(pharmacy.id);
  }

  async entry1Groups() {
    const [groups, entries] = await Promise.all([
      this.db
        .select({ id: entry1Category.id, name: entry1Category.name, sort: entry1Category.sort })
        .from(entry1Category)
        .where(eq(entry1Category.status, 'published'))
        .orderBy(entry1Category.sort, entry1Category.id),
      this.db
        .select({
          id: entry1.id,
          categoryId: entry1.categoryId,
          title: entry1.title,
          icon: entry1.icon,
          link: entry1.link,
          sort: entry1.sort,
        })
        .from(entry1)
        .where(eq(entry1.status, 'published'))
        .orderBy(entry1.sort, entry1.id),
    ]);
    return { groups, entries };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Comments and votes

  async productExists(id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: product.id })
      .from(product)
      .where(and(eq(product.id, id), eq(product.status, 'active')))
      .limit(1);
    return rows.length > 0;
  }

  async comments(productId: number, page: number, pageSize: number, viewerId: number | null) {
    const where = eq(medicineComment.productId, productId);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          comment: medicineComment,
          authorName: account.name,
          authorPhone: account.phone,
          headImgUrl: account.headImgUrl,
          myVote:
            viewerId === null
              ? sql<CommentVoteKind | null>`null`
              : sql<CommentVoteKind | null>`(select v.kind from comment_vote v where v.comment_id = "medicine_comment"."id" and v.account_id = ${viewerId})`,
        })
        .from(medicineComment)
        .innerJoin(account, eq(account.id, medicineComment.accountId))
        .where(where)
        .orderBy(desc(medicineComment.createdAt), desc(medicineComment.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ total: count() }).from(medicineComment).where(where),
    ]);
    return { rows, total };
  }

  /** Runs `fn` in one transaction (a limit's count and the insert it allows). */
  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Serialises concurrent posts about one key (an account, an address) until the transaction ends: a PostgreSQL
   * advisory lock, so the limit holds across every instance of the server.
   */
  async lock(tx: DbExecutor, key: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }

  /** When the account last commented, or null (served by medicine_comment_account_idx). */
  async lastCommentAt(tx: DbExecutor, accountId: number): Promise<Date | null> {
    const [row] = await tx
      .select({ at: medicineComment.createdAt })
      .from(medicineComment)
      .where(eq(medicineComment.accountId, accountId))
      .orderBy(desc(medicineComment.createdAt))
      .limit(1);
    return row?.at ?? null;
  }

  /** Comments posted since `since` by the account, or from the address. */
  async countCommentsSince(tx: DbExecutor, by: { accountId: number } | { ip: string }, since: Date) {
    const who = 'ip' in by ? eq(medicineComment.ip, by.ip) : eq(medicineComment.accountId, by.accountId);
    const [row] = await tx
      .select({ n: count() })
      .from(medicineComment)
      .where(and(who, gte(medicineComment.createdAt, since)));
    return Number(row?.n ?? 0);
  }

  async addComment(
    tx: DbExecutor,
    values: { productId: number; accountId: number; content: string; rating: number; ip: string; createdAt: Date },
  ) {
    const [row] = await tx
      .insert(medicineComment)
      .values({ ...values, updatedAt: values.createdAt })
      .returning();
    const [author] = await tx
      .select({ name: account.name, phone: account.phone, headImgUrl: account.headImgUrl })
      .from(account)
      .where(eq(account.id, values.accountId));
    return {
      comment: row,
      authorName: author?.name ?? '',
      authorPhone: author?.phone ?? '',
      headImgUrl: author?.headImgUrl ?? '',
    };
  }

  /**
   * Casts, switches or withdraws one account's vote on a comment, and moves the counts, in one transaction. The
   * comment row is locked first, so concurrent votes on it queue instead of losing an update. Null: no such comment.
   */
  async vote(commentId: number, accountId: number, kind: CommentVoteKind | null) {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: medicineComment.id })
        .from(medicineComment)
        .where(eq(medicineComment.id, commentId))
        .for('update');
      if (!locked) return null;
      const [current] = await tx
        .select({ id: commentVote.id, kind: commentVote.kind })
        .from(commentVote)
        .where(and(eq(commentVote.commentId, commentId), eq(commentVote.accountId, accountId)));
      // the same vote again withdraws it
      const next = current && current.kind === kind ? null : kind;
      const delta = { support: 0, objection: 0 };
      if (current) delta[current.kind] -= 1;
      if (next) delta[next] += 1;
      if (current && next === null) await tx.delete(commentVote).where(eq(commentVote.id, current.id));
      else if (current && next) {
        await tx.update(commentVote).set({ kind: next, updatedAt: new Date() }).where(eq(commentVote.id, current.id));
      } else if (next) await tx.insert(commentVote).values({ commentId, accountId, kind: next });
      const [counts] = await tx
        .update(medicineComment)
        .set({
          supportCount: sql`${medicineComment.supportCount} + ${delta.support}`,
          objectionCount: sql`${medicineComment.objectionCount} + ${delta.objection}`,
          updatedAt: new Date(),
        })
        .where(eq(medicineComment.id, commentId))
        .returning({ support: medicineComment.supportCount, objection: medicineComment.objectionCount });
      return { id: commentId, support_count: counts.support, objection_count: counts.objection, my_vote: next };
    });
  }
}
