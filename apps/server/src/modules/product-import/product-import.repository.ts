import { inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { category } from '../../db/schema/index';
import { queryWithJson as query } from '../../lib/json-batch';
import { approvalSpecKey, type ImportRow, type ProductLookup } from './validate';

/** The database or a transaction: both answer the same queries. */
type Db = Pick<Database, 'select' | 'execute'>;

/** The batch as rows named as the product table's columns (the other keys of ImportRow are ignored). */
const batchRows = (json: (value: unknown) => SQL, rows: ImportRow[]) =>
  sql`json_to_recordset(${json(rows)}) as v(product_id int, name text, generic_name text, spec text,
      dosage_form text, manufacturer text, approval_no text, barcode text, type text, category_id int, instructions jsonb)`;

/**
 * What the import validator asks the database, and the writes of an apply; only this file touches Drizzle.
 * Every statement binds its batch as one JSON parameter read back with `json_to_recordset`: a batch of 1,000
 * rows was 11,000 parameters that Drizzle and the driver each wrapped and copied. The lookups join on the unique
 * indexes: a row-value `IN` list OR-ed with the barcode list made PostgreSQL scan the whole product table once per
 * batch (minutes for a 50,000-row file once the table held 100,000 products).
 */
export class ProductImportRepository {
  constructor(private readonly db: Database) {}

  lookup(db: Db = this.db): ProductLookup {
    return {
      async findExisting({ approvalSpecs, barcodes }) {
        const bySpec = new Map<string, number>();
        const byBarcode = new Map<string, number>();
        if (approvalSpecs.length > 0) {
          const found = await query<{ id: number; approval_no: string; spec: string }>(
            db,
            (json) => sql`select p.id, p.approval_no, p.spec
                  from product p
                  join json_to_recordset(${json(approvalSpecs)}) as k(approval_no text, spec text)
                    on p.approval_no = k.approval_no and p.spec = k.spec
                 where p.approval_no <> ''`,
          );
          for (const p of found) bySpec.set(approvalSpecKey(p.approval_no, p.spec), Number(p.id));
        }
        if (barcodes.length > 0) {
          const found = await query<{ id: number; barcode: string }>(
            db,
            (json) => sql`select p.id, p.barcode
                  from product p
                  join json_array_elements_text(${json(barcodes)}) as k(barcode) on p.barcode = k.barcode
                 where p.barcode <> ''`,
          );
          for (const p of found) byBarcode.set(p.barcode, Number(p.id));
        }
        return { approvalSpecs: bySpec, barcodes: byBarcode };
      },
      async findCategories(names) {
        // leaf names first: a sub-category wins over a top-level category of the same name
        const found = await db
          .select({ id: category.id, name: category.name, leaf: isNotNull(category.parentId) })
          .from(category)
          .where(inArray(category.name, names))
          .orderBy(sql`${category.parentId} is null`, category.id);
        const out = new Map<string, number>();
        for (const r of found) if (!out.has(r.name)) out.set(r.name, r.id);
        return out;
      },
    };
  }

  /** Inserts a batch in one statement (INSERT … SELECT FROM json_to_recordset), in file order. */
  async insert(db: Db, batch: ImportRow[]): Promise<number> {
    if (batch.length === 0) return 0;
    const [done] = await query<{ n: number }>(
      db,
      (json) => sql`with inserted as (
            insert into product (name, generic_name, spec, dosage_form, manufacturer, approval_no, barcode, type,
                                 category_id, instructions)
            select v.name, v.generic_name, v.spec, v.dosage_form, v.manufacturer, v.approval_no, v.barcode, v.type,
                   v.category_id, v.instructions
              from ${batchRows(json, batch)}
            returning 1
          )
          select count(*)::int as n from inserted`,
    );
    return Number(done.n);
  }

  /** Updates a batch in one statement (UPDATE … FROM json_to_recordset); an empty category cell keeps the current one. */
  async update(db: Db, batch: ImportRow[]): Promise<number> {
    const matched = batch.filter((r) => r.product_id !== null);
    if (matched.length === 0) return 0;
    const [done] = await query<{ n: number }>(
      db,
      (json) => sql`with updated as (
            update product p
               set name = v.name, generic_name = v.generic_name, spec = v.spec, dosage_form = v.dosage_form,
                   manufacturer = v.manufacturer, approval_no = v.approval_no, barcode = v.barcode, type = v.type,
                   category_id = coalesce(v.category_id, p.category_id), instructions = v.instructions,
                   updated_at = now()
              from ${batchRows(json, matched)}
             where p.id = v.product_id
            returning 1
          )
          select count(*)::int as n from updated`,
    );
    return Number(done.n);
  }

  /** One transaction around an apply: anything thrown inside rolls every write back. */
  transaction<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => run(tx));
  }
}
