import { shanghaiToday } from '@pharmacy/shared';
import { inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { generateDemoCatalogue } from '../../modules/catalogue/demo-catalogue';
import type { Database } from '../client';
import {
  allergyHistory,
  category,
  entry1,
  entry1Category,
  entry2,
  expressCompany,
  familyMedicalHistory,
  homeContactUs,
  homeEntry,
  homeSwiper,
  pastMedicalHistory,
  pharmacy,
  pharmacySetting,
  product,
  quote,
  topSales,
} from '../schema/index';
import { demoPharmacies as foundationPharmacies } from './demo-data';

/** Serialises the catalogue seed across instances (the account seed uses 72_011_002). */
const CATALOGUE_LOCK_KEY = 72_011_003;

/** The foundation seed's three stores quote too; their images are served under these keys. */
export const foundationPharmacyKey = (index: number) => `foundation-${index + 1}`;
export const foundationAptitudeUrls = (index: number) =>
  ['drug-licence', 'business-licence'].map((kind) => `/demo/aptitude/${foundationPharmacyKey(index)}-${kind}.svg`);

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Rows were inserted with explicit ids: move each identity past them so later inserts do not collide. */
async function resetIdentity(tx: Pick<Database, 'execute'>, tables: string[]) {
  for (const t of tables) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${t}"', 'id'), coalesce((select max(id) from "${t}"), 0) + 1, false)`,
      ),
    );
  }
}

/**
 * The demo catalogue (603 medicines in 44 categories, 6 more pharmacies with qualifications, quotes of all nine
 * pharmacies, home content). Runs once: skips when any product exists.
 */
export async function seedCatalogue(db: Database, options: { today?: string } = {}): Promise<boolean> {
  const anyProduct = (q: Pick<Database, 'select'>) => q.select({ id: product.id }).from(product).limit(1);
  if ((await anyProduct(db)).length > 0) return false;

  let seeded = true;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK_KEY})`);
    if ((await anyProduct(tx)).length > 0) {
      seeded = false;
      return;
    }
    const names = foundationPharmacies.map((p) => p.name);
    const existing = await tx
      .select({ id: pharmacy.id, name: pharmacy.name, images: pharmacy.aptitudeImages })
      .from(pharmacy)
      .where(inArray(pharmacy.name, names))
      .orderBy(pharmacy.id);
    const foundation = names
      .map((name, i) => ({ key: foundationPharmacyKey(i), i, row: existing.find((e) => e.name === name) }))
      .filter((f) => f.row !== undefined);

    const data = generateDemoCatalogue({
      today: options.today ?? shanghaiToday(),
      extraPharmacyKeys: foundation.map((f) => f.key),
    });

    await tx
      .insert(category)
      .values(data.categories.map((c) => ({ id: c.id, parentId: c.parent_id, name: c.name, sort: c.sort })));
    await inBatches(data.products, 300, (batch) =>
      tx.insert(product).values(
        batch.map((p) => ({
          id: p.id,
          name: p.name,
          genericName: p.generic_name,
          spec: p.spec,
          dosageForm: p.dosage_form,
          manufacturer: p.manufacturer,
          approvalNo: p.approval_no,
          barcode: p.barcode,
          type: p.type,
          categoryId: p.category_id,
          images: p.images,
          instructions: p.instructions,
          status: p.status,
        })),
      ),
    );

    const inserted = await tx
      .insert(pharmacy)
      .values(
        data.pharmacies.map((p) => ({
          name: p.name,
          logoUrl: p.logo_url,
          businessLicenceNo: p.business_licence_no,
          drugLicenceNo: p.drug_licence_no,
          drugLicenceExpireAt: p.drug_licence_expire_at,
          aptitudeImages: p.aptitude.map((a) => a.url),
          province: p.province,
          city: p.city,
          district: p.district,
          address: p.address,
          phone: p.phone,
          businessHours: p.business_hours,
          status: p.status,
        })),
      )
      .returning({ id: pharmacy.id });
    await tx
      .insert(pharmacySetting)
      .values(
        inserted.map((p, i) => ({ pharmacyId: p.id, servicePhone: data.pharmacies[i].phone, defaultCourier: 'SF' })),
      );
    const idByKey = new Map<string, number>(data.pharmacies.map((p, i) => [p.key, inserted[i].id]));
    for (const f of foundation) {
      idByKey.set(f.key, f.row!.id);
      if (f.row!.images.length === 0) {
        await tx
          .update(pharmacy)
          .set({ aptitudeImages: foundationAptitudeUrls(f.i) })
          .where(sql`${pharmacy.id} = ${f.row!.id}`);
      }
    }

    await inBatches(data.quotes, 1000, (batch) =>
      tx.insert(quote).values(
        batch.map((q) => ({
          pharmacyId: idByKey.get(q.pharmacy_key)!,
          productId: q.product_id,
          price: q.price,
          originalPrice: q.original_price,
          stock: q.stock,
          status: q.status,
          isTop: q.is_top,
          sort: q.sort,
          salesCount: q.sales_count,
        })),
      ),
    );

    const c = data.content;
    const contentTables: [PgTable, Record<string, unknown>[], string][] = [
      [entry1Category, c.entry1_category, 'entry1_category'],
      [topSales, c.top_sales.map(({ product_id, ...r }) => ({ ...r, productId: product_id })), 'top_sales'],
      [homeSwiper, c.home_swiper, 'home_swiper'],
      [homeEntry, c.home_entry, 'home_entry'],
      [
        homeContactUs,
        c.home_contact_us.map(({ work_time, ...r }) => ({ ...r, workTime: work_time })),
        'home_contact_us',
      ],
      [expressCompany, c.express_company, 'express_company'],
      [allergyHistory, c.allergy_history, 'allergy_history'],
      [familyMedicalHistory, c.family_medical_history, 'family_medical_history'],
      [pastMedicalHistory, c.past_medical_history, 'past_medical_history'],
      [entry1, c.entry_1.map(({ category_id, ...r }) => ({ ...r, categoryId: category_id })), 'entry_1'],
      [entry2, c.entry_2, 'entry_2'],
    ];
    for (const [table, rows] of contentTables) {
      if (rows.length > 0) await tx.insert(table).values(rows as never);
    }
    await resetIdentity(tx, ['category', 'product', ...contentTables.map(([, , name]) => name)]);
  });
  return seeded;
}
