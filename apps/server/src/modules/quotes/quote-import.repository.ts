import type { QuoteImportRow } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryWithJson as query } from '../../lib/json-batch';
import type { CatalogueProduct, QuoteLookup } from './quote-import.validate';

/** The database or a transaction: both answer the same queries. */
type Db = Pick<Database, 'execute'>;

interface ProductRow {
  id: number;
  name: string;
  spec: string;
  manufacturer: string;
  approval_no: string;
  barcode: string;
  status: string;
}

const toProduct = (p: ProductRow): CatalogueProduct => ({
  id: Number(p.id),
  name: p.name,
  spec: p.spec,
  manufacturer: p.manufacturer,
  approval_no: p.approval_no,
  barcode: p.barcode,
  active: p.status === 'active',
});

/**
 * What the quote import asks the database and the writes of an apply; only this file touches SQL. Lookups join a
 * batch's keys (one JSON parameter) on the product table's approval-number and barcode indexes; every quote statement
 * is bound to the pharmacy the request was checked for.
 */
export class QuoteImportRepository {
  constructor(private readonly db: Database) {}

  lookup(pharmacyId: number, db: Db = this.db): QuoteLookup {
    return {
      async findProducts({ approvals, barcodes }) {
        const byApproval = new Map<string, CatalogueProduct[]>();
        const byBarcode = new Map<string, CatalogueProduct>();
        if (approvals.length > 0) {
          const found = await query<ProductRow>(
            db,
            (json) => sql`select p.id, p.name, p.spec, p.manufacturer, p.approval_no, p.barcode, p.status
                  from product p
                  join json_array_elements_text(${json(approvals)}) as k(approval_no) on p.approval_no = k.approval_no
                 where p.approval_no <> ''
                 order by p.id`,
          );
          for (const row of found) {
            const p = toProduct(row);
            byApproval.set(p.approval_no, [...(byApproval.get(p.approval_no) ?? []), p]);
          }
        }
        if (barcodes.length > 0) {
          const found = await query<ProductRow>(
            db,
            (json) => sql`select p.id, p.name, p.spec, p.manufacturer, p.approval_no, p.barcode, p.status
                  from product p
                  join json_array_elements_text(${json(barcodes)}) as k(barcode) on p.barcode = k.barcode
                 where p.barcode <> ''`,
          );
          for (const row of found) byBarcode.set(row.barcode, toProduct(row));
        }
        return { byApproval, byBarcode };
      },
      async findQuoted(productIds) {
        const found = await query<{ product_id: number }>(
          db,
          (json) => sql`select q.product_id
                from quote q
                join json_array_elements_text(${json(productIds)}) as k(id) on q.product_id = k.id::int
               where q.pharmacy_id = ${pharmacyId}`,
        );
        return new Set(found.map((r) => Number(r.product_id)));
      },
    };
  }

  /**
   * Writes a batch of valid rows in one or two statements: INSERT … ON CONFLICT (pharmacy_id, product_id) DO UPDATE
   * from `json_to_recordset`. Rows without a 上架状态 keep an existing quote's status (a second statement, since the
   * conflict branch cannot tell them apart); new quotes go on shelf, above the pharmacy's unpinned quotes in file order.
   * Answers how many quotes were inserted and how many updated (`xmax = 0` marks an inserted row).
   */
  async upsert(db: Db, pharmacyId: number, rows: QuoteImportRow[]): Promise<{ created: number; updated: number }> {
    let created = 0;
    let updated = 0;
    const withStatus = rows.filter((r) => r.status !== null);
    const keepStatus = rows.filter((r) => r.status === null);
    for (const [part, setStatus] of [
      [withStatus, true],
      [keepStatus, false],
    ] as const) {
      if (part.length === 0) continue;
      const values = part.map((r, i) => ({
        product_id: r.product_id,
        price: r.price,
        original_price: r.original_price,
        stock: r.stock,
        status: r.status ?? 'on_shelf',
        ord: part.length - i,
      }));
      const [done] = await query<{ created: number; updated: number }>(
        db,
        (json) => sql`with upserted as (
              insert into quote (pharmacy_id, product_id, price, original_price, stock, status, is_top, sort)
              select ${pharmacyId}, v.product_id, v.price, v.original_price, v.stock, v.status, false,
                     base.sort + v.ord
                from json_to_recordset(${json(values)})
                       as v(product_id int, price numeric, original_price numeric, stock int, status text, ord int)
               cross join (select coalesce(max(s.sort), 0) as sort from quote s
                            where s.pharmacy_id = ${pharmacyId} and not s.is_top) base
              on conflict (pharmacy_id, product_id) do update
                 set price = excluded.price, original_price = excluded.original_price, stock = excluded.stock,
                     status = ${setStatus ? sql`excluded.status` : sql`quote.status`}, updated_at = now()
              returning (xmax = 0) as inserted
            )
            select (count(*) filter (where inserted))::int as created,
                   (count(*) filter (where not inserted))::int as updated
              from upserted`,
      );
      created += Number(done.created);
      updated += Number(done.updated);
    }
    return { created, updated };
  }

  /** One transaction around an apply: anything thrown inside rolls every write back. */
  transaction<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => run(tx));
  }
}
