import type { ShareKind, ShareListQuery, ShareStatus } from '@pharmacy/shared';
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import { account, live, pharmacy, product, quote, quoteSet, share } from '../../db/schema/index';
import { blacklistedSql, isBlacklisted } from '../../lib/blacklist';
import { containsPattern, escapeLike } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

const sharer = alias(account, 'sharer');
const reviewer = alias(account, 'reviewer');

const rowColumns = {
  id: share.id,
  pharmacyId: share.pharmacyId,
  kind: share.kind,
  title: share.title,
  message: share.message,
  items: share.items,
  quoteSetId: share.quoteSetId,
  quoteSetName: quoteSet.name,
  liveId: share.liveId,
  liveTitle: live.title,
  recipientPhone: share.recipientPhone,
  sharerAccountId: share.sharerAccountId,
  sharerName: sharer.name,
  sharerPhone: sharer.phone,
  status: share.status,
  rejectReason: share.rejectReason,
  reviewerName: reviewer.name,
  reviewedAt: share.reviewedAt,
  openedAt: share.openedAt,
  openCount: share.openCount,
  createdAt: share.createdAt,
  updatedAt: share.updatedAt,
};

export interface ShareRow {
  id: number;
  pharmacyId: number;
  kind: ShareKind;
  title: string;
  message: string;
  items: { quote_id: number; qty: number }[];
  quoteSetId: number | null;
  quoteSetName: string | null;
  liveId: number | null;
  liveTitle: string | null;
  recipientPhone: string;
  sharerAccountId: number | null;
  sharerName: string | null;
  sharerPhone: string | null;
  status: ShareStatus;
  rejectReason: string;
  reviewerName: string | null;
  reviewedAt: Date | null;
  openedAt: Date | null;
  openCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface QuoteBrief {
  quoteId: number;
  name: string;
  spec: string;
  type: 'OTC' | 'RX' | 'NON_DRUG' | string;
  image: string | null;
  price: string;
  stock: number;
  onShelf: boolean;
}

/** Whose shares a caller sees: the pharmacy's (managers) or their own (customer service). */
export interface ShareScope {
  pharmacyId: number;
  /** null: every share of the pharmacy. */
  sharerAccountId: number | null;
}

export interface ShareContent {
  kind: ShareKind;
  title: string;
  message: string;
  items: { quote_id: number; qty: number }[];
  quoteSetId: number | null;
  liveId: number | null;
}

/** Shares (分享套餐): every query filters on the pharmacy, and on the sharer for a customer-service caller. */
export class ShareRepository {
  constructor(private readonly db: DbExecutor) {}

  transaction<T>(fn: (repo: ShareRepository, tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new ShareRepository(tx), tx));
  }

  private scopeWhere(scope: ShareScope): SQL {
    return scope.sharerAccountId === null
      ? eq(share.pharmacyId, scope.pharmacyId)
      : and(eq(share.pharmacyId, scope.pharmacyId), eq(share.sharerAccountId, scope.sharerAccountId))!;
  }

  private selectRows() {
    return this.db
      .select(rowColumns)
      .from(share)
      .leftJoin(quoteSet, eq(quoteSet.id, share.quoteSetId))
      .leftJoin(live, eq(live.id, share.liveId))
      .leftJoin(sharer, eq(sharer.id, share.sharerAccountId))
      .leftJoin(reviewer, eq(reviewer.id, share.reviewerAccountId));
  }

  async list(scope: ShareScope, query: ShareListQuery): Promise<{ rows: ShareRow[]; total: number }> {
    const conditions: SQL[] = [this.scopeWhere(scope)];
    if (query.status !== 'all') conditions.push(eq(share.status, query.status));
    if (query.kind) conditions.push(eq(share.kind, query.kind));
    const keyword = query.keyword?.trim();
    if (keyword) {
      const byPhone = /^\d{11}$/.test(keyword)
        ? eq(share.recipientPhone, keyword)
        : /^\d{4}$/.test(keyword)
          ? sql`${share.recipientPhone} like ${`%${escapeLike(keyword)}`}`
          : undefined;
      conditions.push(or(ilike(share.title, containsPattern(keyword)), ...(byPhone ? [byPhone] : []))!);
    }
    const where = and(...conditions);
    const [rows, [{ total }]] = await Promise.all([
      this.selectRows()
        .where(where)
        .orderBy(desc(share.createdAt), desc(share.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db.select({ total: count() }).from(share).where(where),
    ]);
    return { rows: rows as ShareRow[], total };
  }

  /** Tab counts of the caller's shares, whatever the other filters. */
  async counts(scope: ShareScope): Promise<Record<ShareStatus, number>> {
    const rows = await this.db
      .select({ status: share.status, n: count() })
      .from(share)
      .where(this.scopeWhere(scope))
      .groupBy(share.status);
    const out: Record<ShareStatus, number> = { pending: 0, approved: 0, rejected: 0 };
    for (const r of rows) out[r.status] = r.n;
    return out;
  }

  async find(scope: ShareScope, id: number): Promise<ShareRow | null> {
    const [row] = await this.selectRows()
      .where(and(this.scopeWhere(scope), eq(share.id, id)))
      .limit(1);
    return (row as ShareRow | undefined) ?? null;
  }

  /** A share by id alone (the recipient's page: no pharmacy header). */
  async findById(id: number): Promise<ShareRow | null> {
    const [row] = await this.selectRows().where(eq(share.id, id)).limit(1);
    return (row as ShareRow | undefined) ?? null;
  }

  /** Today's name, spec, price and state of quotes of the pharmacy. */
  async quotes(pharmacyId: number, ids: number[]): Promise<Map<number, QuoteBrief>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({
        quoteId: quote.id,
        name: product.name,
        spec: product.spec,
        type: product.type,
        image: sql<string | null>`${product.images}[1]`,
        price: quote.price,
        stock: quote.stock,
        status: quote.status,
      })
      .from(quote)
      .innerJoin(product, eq(product.id, quote.productId))
      .where(and(eq(quote.pharmacyId, pharmacyId), inArray(quote.id, ids)));
    return new Map(rows.map(({ status, ...r }) => [r.quoteId, { ...r, onShelf: status === 'on_shelf' }]));
  }

  async comboOnSale(pharmacyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: quoteSet.id })
      .from(quoteSet)
      .where(and(eq(quoteSet.id, id), eq(quoteSet.pharmacyId, pharmacyId), eq(quoteSet.status, 'on_sale')));
    return rows.length > 0;
  }

  async livePublished(pharmacyId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: live.id })
      .from(live)
      .where(and(eq(live.id, id), eq(live.pharmacyId, pharmacyId), ne(live.status, 'draft')));
    return rows.length > 0;
  }

  async options(pharmacyId: number) {
    const [combos, lives] = await Promise.all([
      this.db
        .select({ id: quoteSet.id, name: quoteSet.name, price: quoteSet.price })
        .from(quoteSet)
        .where(and(eq(quoteSet.pharmacyId, pharmacyId), eq(quoteSet.status, 'on_sale')))
        .orderBy(desc(quoteSet.id))
        .limit(200),
      this.db
        .select({ id: live.id, title: live.title, status: live.status, startAt: live.startAt })
        .from(live)
        .where(and(eq(live.pharmacyId, pharmacyId), ne(live.status, 'draft')))
        .orderBy(desc(live.startAt), desc(live.id))
        .limit(200),
    ]);
    return { combos, lives };
  }

  async insert(pharmacyId: number, sharerAccountId: number, content: ShareContent, recipientPhone: string) {
    const [row] = await this.db
      .insert(share)
      .values({
        pharmacyId,
        sharerAccountId,
        kind: content.kind,
        title: content.title,
        message: content.message,
        items: content.items,
        quoteSetId: content.quoteSetId,
        liveId: content.liveId,
        recipientPhone,
        status: 'pending',
      })
      .returning({ id: share.id });
    return row.id;
  }

  /** The content of a pending or rejected share, back to pending (guarded); answers whether a row changed. */
  async updateContent(scope: ShareScope, id: number, content: ShareContent): Promise<boolean> {
    const rows = await this.db
      .update(share)
      .set({
        kind: content.kind,
        title: content.title,
        message: content.message,
        items: content.items,
        quoteSetId: content.quoteSetId,
        liveId: content.liveId,
        status: 'pending',
        rejectReason: '',
        reviewerAccountId: null,
        reviewedAt: null,
      })
      .where(and(this.scopeWhere(scope), eq(share.id, id), inArray(share.status, ['pending', 'rejected'])))
      .returning({ id: share.id });
    return rows.length > 0;
  }

  /**
   * A new recipient: back to pending (a manager reviews who receives it too); the reject reason and the previous
   * recipient's openings are cleared.
   */
  async updatePhone(scope: ShareScope, id: number, recipientPhone: string): Promise<boolean> {
    const rows = await this.db
      .update(share)
      .set({
        recipientPhone,
        status: 'pending',
        rejectReason: '',
        reviewerAccountId: null,
        reviewedAt: null,
        openedAt: null,
        openCount: 0,
      })
      .where(and(this.scopeWhere(scope), eq(share.id, id)))
      .returning({ id: share.id });
    return rows.length > 0;
  }

  /** pending → approved | rejected, guarded: of two concurrent decisions exactly one changes the row. */
  async decide(
    pharmacyId: number,
    id: number,
    decision: { status: 'approved' | 'rejected'; reviewerAccountId: number; reason: string },
  ): Promise<{ id: number; sharerAccountId: number | null; title: string } | null> {
    const [row] = await this.db
      .update(share)
      .set({
        status: decision.status,
        rejectReason: decision.reason,
        reviewerAccountId: decision.reviewerAccountId,
        reviewedAt: sql`now()`,
      })
      .where(and(eq(share.id, id), eq(share.pharmacyId, pharmacyId), eq(share.status, 'pending')))
      .returning({ id: share.id, sharerAccountId: share.sharerAccountId, title: share.title });
    return row ?? null;
  }

  /** One opening by the recipient of an approved share: the first one's time, and the count. */
  async recordOpen(id: number): Promise<void> {
    await this.db
      .update(share)
      .set({ openCount: sql`${share.openCount} + 1`, openedAt: sql`coalesce(${share.openedAt}, now())` })
      .where(and(eq(share.id, id), eq(share.status, 'approved')));
  }

  async accountPhone(accountId: number): Promise<string | null> {
    const [row] = await this.db.select({ phone: account.phone }).from(account).where(eq(account.id, accountId));
    return row?.phone ?? null;
  }

  async pharmacyCard(pharmacyId: number) {
    const [row] = await this.db
      .select({
        id: pharmacy.id,
        name: pharmacy.name,
        logo_url: pharmacy.logoUrl,
        phone: pharmacy.phone,
        province: pharmacy.province,
        city: pharmacy.city,
        district: pharmacy.district,
        address: pharmacy.address,
      })
      .from(pharmacy)
      .where(eq(pharmacy.id, pharmacyId));
    if (!row) return null;
    const { province, city, district, address, ...rest } = row;
    return { ...rest, address: `${province}${city}${district}${address}` };
  }

  /** The combo with its items at today's prices, stock and shelf state, in the combo's order. */
  async comboWithItems(pharmacyId: number, id: number) {
    const { rows } = await queryRows<{
      id: number;
      name: string;
      price: string;
      status: string;
      quote_id: number | null;
      product_name: string | null;
      spec: string | null;
      type: string | null;
      image: string | null;
      item_price: string | null;
      qty: number | null;
      stock: number | null;
      quote_status: string | null;
    }>(
      this.db,
      sql`select qs.id, qs.name, qs.price::text as price, qs.status,
            q.id as quote_id, p.name as product_name, p.spec, p.type, p.images[1] as image,
            q.price::text as item_price, i.qty, q.stock, q.status as quote_status
          from quote_set qs
          left join quote_set_item i on i.quote_set_id = qs.id
          left join quote q on q.id = i.quote_id
          left join product p on p.id = q.product_id
          where qs.id = ${id} and qs.pharmacy_id = ${pharmacyId}
          order by i.sort, i.id`,
    );
    if (rows.length === 0) return null;
    const head = rows[0];
    return {
      id: head.id,
      name: head.name,
      price: head.price,
      onSale: head.status === 'on_sale',
      items: rows
        .filter((r) => r.quote_id !== null)
        .map((r) => ({
          quote_id: r.quote_id!,
          product_name: r.product_name ?? '',
          spec: r.spec ?? '',
          type: r.type as 'OTC' | 'RX' | 'NON_DRUG',
          image: r.image,
          price: r.item_price!,
          qty: r.qty!,
          stock: r.stock ?? 0,
          on_shelf: r.quote_status === 'on_shelf',
        })),
    };
  }

  /** The live, whether the account is enrolled in a camp period holding it, and the newest such period. */
  async liveForViewer(pharmacyId: number, id: number, accountId: number) {
    const { rows } = await queryRows<{
      id: number;
      title: string;
      cover_url: string;
      lecturer: string;
      intro: string;
      start_at: Date | string;
      end_at: Date | string;
      status: 'draft' | 'scheduled' | 'live' | 'ended';
      enrolled: boolean;
      period_id: number | null;
    }>(
      this.db,
      sql`select l.id, l.title, l.cover_url, l.lecturer, l.intro, l.start_at, l.end_at, l.status,
            exists (select 1 from column_period_live pl
              join live_enrollment e on e.period_id = pl.period_id and e.account_id = ${accountId}
              where pl.live_id = l.id) as enrolled,
            (select cp.id from column_period_live pl join column_period cp on cp.id = pl.period_id
              where pl.live_id = l.id order by cp.start_at desc, cp.id desc limit 1) as period_id
          from live l
          where l.id = ${id} and l.pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? null;
  }

  /** The pharmacy's blacklist holds the account (by id or by its phone): the one rule in lib/blacklist.ts. */
  isBlacklisted(pharmacyId: number, accountId: number): Promise<boolean> {
    return isBlacklisted(this.db, pharmacyId, accountId);
  }

  /** Whether the pharmacy blacklisted this phone (its account, or the phone itself). */
  async isPhoneBlacklisted(pharmacyId: number, phone: string): Promise<boolean> {
    const { rows } = await queryRows<{ hit: boolean }>(
      this.db,
      sql`select ${blacklistedSql(pharmacyId, sql`(select a.id from account a where a.phone = ${phone})`, sql`${phone}`)} as hit`,
    );
    return rows[0]?.hit === true;
  }
}
