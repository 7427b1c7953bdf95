import { inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { category, product } from '../../db/schema/index';
import { approvalSpecKey, type ImportRow, type ProductLookup } from './validate';

/** The database or a transaction: both answer the same queries. */
type Db = Pick<Database, 'select' | 'insert' | 'update'>;

/** What the import validator asks the database, and the writes of an apply; only this file touches Drizzle. */
export class ProductImportRepository {
  constructor(private readonly db: Database) {}

  lookup(db: Db = this.db): ProductLookup {
    return {
      async findExisting({ approvalSpecs, barcodes }) {
        const conds = [];
        if (approvalSpecs.length > 0) {
          const pairs = sql.join(
            approvalSpecs.map((p) => sql`(${p.approval_no}, ${p.spec})`),
            sql`, `,
          );
          conds.push(sql`(${product.approvalNo}, ${product.spec}) in (${pairs})`);
        }
        if (barcodes.length > 0) conds.push(inArray(product.barcode, barcodes));
        const found = conds.length
          ? await db
              .select({ id: product.id, approvalNo: product.approvalNo, spec: product.spec, barcode: product.barcode })
              .from(product)
              .where(or(...conds))
          : [];
        const bySpec = new Map<string, number>();
        const byBarcode = new Map<string, number>();
        for (const p of found) {
          if (p.approvalNo) bySpec.set(approvalSpecKey(p.approvalNo, p.spec), p.id);
          if (p.barcode) byBarcode.set(p.barcode, p.id);
        }
        return { approvalSpecs: bySpec, barcodes: byBarcode };
      },
      async findCategories(names) {
        // leaf names first: a sub-category wins over a top-level category of the same name
        const rows = await db
          .select({ id: category.id, name: category.name, leaf: isNotNull(category.parentId) })
          .from(category)
          .where(inArray(category.name, names))
          .orderBy(sql`${category.parentId} is null`, category.id);
        const out = new Map<string, number>();
        for (const r of rows) if (!out.has(r.name)) out.set(r.name, r.id);
        return out;
      },
    };
  }

  async insert(db: Db, rows: ImportRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await db
      .insert(product)
      .values(
        rows.map((r) => ({
          name: r.name,
          genericName: r.generic_name,
          spec: r.spec,
          dosageForm: r.dosage_form,
          manufacturer: r.manufacturer,
          approvalNo: r.approval_no,
          barcode: r.barcode,
          type: r.type,
          categoryId: r.category_id,
          instructions: r.instructions,
        })),
      )
      .returning({ id: product.id });
    return inserted.length;
  }

  /** Updates a batch in one statement (UPDATE … FROM VALUES); an empty category cell keeps the current category. */
  async update(db: Db, rows: ImportRow[]): Promise<number> {
    const matched = rows.filter((r) => r.product_id !== null);
    if (matched.length === 0) return 0;
    const values = sql.join(
      matched.map(
        (r) =>
          sql`(${r.product_id}, ${r.name}, ${r.generic_name}, ${r.spec}, ${r.dosage_form}, ${r.manufacturer}, ${r.approval_no}, ${r.barcode}, ${r.type}, ${r.category_id}, ${JSON.stringify(r.instructions)})`,
      ),
      sql`, `,
    );
    const done = await db
      .update(product)
      .set({
        name: sql`v.name`,
        genericName: sql`v.generic_name`,
        spec: sql`v.spec`,
        dosageForm: sql`v.dosage_form`,
        manufacturer: sql`v.manufacturer`,
        approvalNo: sql`v.approval_no`,
        barcode: sql`v.barcode`,
        type: sql`v.type`,
        categoryId: sql`coalesce(v.category_id::int, ${product.categoryId})`,
        instructions: sql`v.instructions::jsonb`,
        updatedAt: new Date(),
      })
      .from(
        sql`(values ${values}) as v(id, name, generic_name, spec, dosage_form, manufacturer, approval_no, barcode, type, category_id, instructions)`,
      )
      .where(sql`${product.id} = v.id::int`)
      .returning({ id: product.id });
    return done.length;
  }

  /** One transaction around an apply: anything thrown inside rolls every write back. */
  transaction<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => run(tx));
  }
}
