import type { CourierCode, CourierStatus, QualificationKind } from '@pharmacy/shared';
import { qualificationKinds } from '@pharmacy/shared';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import {
  expressCompany,
  pharmacy,
  pharmacyCourier,
  pharmacyQualification,
  pharmacySetting,
} from '../../db/schema/index';

export type SettingRow = typeof pharmacySetting.$inferSelect;
export type QualificationRow = typeof pharmacyQualification.$inferSelect;
export type CourierRow = typeof pharmacyCourier.$inferSelect;

export interface SettingValues {
  freight: string;
  freeFreightThreshold: string | null;
  autoConfirmDays: number;
  servicePhone: string;
  expiryWarningMonths?: number;
}

export interface QualificationValues {
  kind: QualificationKind;
  name: string;
  number: string;
  images: string[];
  expireAt: string | null;
  remark: string;
}

export interface CourierValues {
  courierCode: CourierCode;
  companyName: string;
  accountNo: string;
  senderName: string;
  senderPhone: string;
  senderProvince: string;
  senderCity: string;
  senderDistrict: string;
  senderAddress: string;
  status: CourierStatus;
  remark: string;
}

/** Serialises changes to one pharmacy's default courier (two-key advisory lock: this number and the pharmacy id). */
const COURIER_LOCK_KEY = 72_011_005;

/** Documents in the order the dialog and the public pages show them: by kind (licence first), then as added. */
const kindOrder = sql`array_position(array[${sql.join(
  qualificationKinds.map((k) => sql`${k}`),
  sql`, `,
)}]::text[], ${pharmacyQualification.kind}::text)`;

/**
 * The only place that knows how a pharmacy's settings, qualifications and couriers are stored. Every query of a
 * pharmacy-owned table filters on the caller's pharmacy: another pharmacy's row is exactly like a missing one.
 */
export class PharmacySettingsRepository {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Settings

  async findSetting(pharmacyId: number, db: DbExecutor = this.db): Promise<SettingRow | undefined> {
    const [row] = await db.select().from(pharmacySetting).where(eq(pharmacySetting.pharmacyId, pharmacyId)).limit(1);
    return row;
  }

  /** A pharmacy created after the seed may have no settings row yet: make one with the defaults. */
  async ensureSetting(pharmacyId: number, db: DbExecutor = this.db) {
    await db.insert(pharmacySetting).values({ pharmacyId }).onConflictDoNothing({ target: pharmacySetting.pharmacyId });
  }

  async updateSetting(pharmacyId: number, values: SettingValues, db: DbExecutor = this.db) {
    await db
      .update(pharmacySetting)
      .set({
        freight: values.freight,
        freeFreightThreshold: values.freeFreightThreshold,
        autoConfirmDays: values.autoConfirmDays,
        servicePhone: values.servicePhone,
        ...(values.expiryWarningMonths !== undefined
          ? {
              config: sql`${pharmacySetting.config} || jsonb_build_object('expiry_warning_months', ${values.expiryWarningMonths}::int)`,
            }
          : {}),
      })
      .where(eq(pharmacySetting.pharmacyId, pharmacyId));
  }

  async updateReceivingAccount(
    pharmacyId: number,
    values: { bank: string; accountName: string; accountNo?: string },
    db: DbExecutor = this.db,
  ) {
    await db
      .update(pharmacySetting)
      .set({
        receivingBank: values.bank,
        receivingAccountName: values.accountName,
        ...(values.accountNo !== undefined ? { receivingAccountNo: values.accountNo } : {}),
      })
      .where(eq(pharmacySetting.pharmacyId, pharmacyId));
  }

  /** The published names of the courier companies (the express_company collection), by code. */
  async companyNames(): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ code: expressCompany.code, name: expressCompany.name })
      .from(expressCompany)
      .where(eq(expressCompany.status, 'published'));
    return new Map(rows.map((r) => [r.code, r.name]));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Qualifications

  async listQualifications(pharmacyId: number): Promise<QualificationRow[]> {
    return this.db
      .select()
      .from(pharmacyQualification)
      .where(eq(pharmacyQualification.pharmacyId, pharmacyId))
      .orderBy(kindOrder, asc(pharmacyQualification.id));
  }

  async findQualification(pharmacyId: number, id: number, db: DbExecutor = this.db) {
    const [row] = await db
      .select()
      .from(pharmacyQualification)
      .where(and(eq(pharmacyQualification.id, id), eq(pharmacyQualification.pharmacyId, pharmacyId)))
      .limit(1);
    return row;
  }

  /** Expired (before `today`) and expiring (today … windowEnd) documents, and the earliest date among them. */
  async qualificationAlerts(pharmacyId: number, today: string, windowEnd: string) {
    const q = pharmacyQualification;
    const [row] = await this.db
      .select({
        expired: sql<number>`(count(*) filter (where ${q.expireAt} < ${today}::date))::int`,
        expiring: sql<number>`(count(*) filter (where ${q.expireAt} >= ${today}::date and ${q.expireAt} <= ${windowEnd}::date))::int`,
        earliest: sql<string | null>`(min(${q.expireAt}) filter (where ${q.expireAt} <= ${windowEnd}::date))::text`,
      })
      .from(q)
      .where(eq(q.pharmacyId, pharmacyId));
    return {
      expired: Number(row?.expired ?? 0),
      expiring: Number(row?.expiring ?? 0),
      earliest: row?.earliest ?? null,
    };
  }

  async insertQualification(pharmacyId: number, values: QualificationValues, db: DbExecutor = this.db) {
    const [row] = await db
      .insert(pharmacyQualification)
      .values({ pharmacyId, ...values })
      .returning();
    return row;
  }

  async updateQualification(pharmacyId: number, id: number, values: QualificationValues, db: DbExecutor = this.db) {
    const [row] = await db
      .update(pharmacyQualification)
      .set(values)
      .where(and(eq(pharmacyQualification.id, id), eq(pharmacyQualification.pharmacyId, pharmacyId)))
      .returning();
    return row;
  }

  async deleteQualification(pharmacyId: number, id: number, db: DbExecutor = this.db): Promise<boolean> {
    const rows = await db
      .delete(pharmacyQualification)
      .where(and(eq(pharmacyQualification.id, id), eq(pharmacyQualification.pharmacyId, pharmacyId)))
      .returning({ id: pharmacyQualification.id });
    return rows.length > 0;
  }

  /**
   * The pharmacy's older licence columns, read by the public pharmacy pages, mirror its qualifications: the first
   * business licence's number, the first drug trade licence's number and expiry, every document's images in the
   * dialog's order. A kind the pharmacy no longer files clears its column.
   */
  async syncPharmacyLicences(pharmacyId: number, db: DbExecutor = this.db) {
    const q = pharmacyQualification;
    const first = (kind: QualificationKind, column: typeof q.number | typeof q.expireAt) =>
      sql`(select ${column} from ${q} where ${q.pharmacyId} = ${pharmacyId} and ${q.kind} = ${kind} order by ${q.id} limit 1)`;
    await db
      .update(pharmacy)
      .set({
        businessLicenceNo: sql`coalesce(${first('business_licence', q.number)}, '')`,
        drugLicenceNo: sql`coalesce(${first('drug_trade_licence', q.number)}, '')`,
        drugLicenceExpireAt: sql`${first('drug_trade_licence', q.expireAt)}`,
        aptitudeImages: sql`coalesce((select array_agg(u.img order by ${kindOrder}, ${q.id}, u.ord) from ${q}, unnest(${q.images}) with ordinality as u(img, ord) where ${q.pharmacyId} = ${pharmacyId}), '{}'::text[])`,
      })
      .where(eq(pharmacy.id, pharmacyId));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Couriers

  async pageCouriers(
    pharmacyId: number,
    filter: { courierCode?: CourierCode; status?: CourierStatus },
    limit: number,
    offset: number,
  ) {
    const c = pharmacyCourier;
    const where = and(
      eq(c.pharmacyId, pharmacyId),
      filter.courierCode ? eq(c.courierCode, filter.courierCode) : undefined,
      filter.status ? eq(c.status, filter.status) : undefined,
    );
    // A pharmacy ships with a handful of couriers: a plain count over its rows is cheap (docs/pharmacy-settings.md).
    const [rows, [total]] = await Promise.all([
      this.db.select().from(c).where(where).orderBy(desc(c.isDefault), asc(c.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(c).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  async findCourier(pharmacyId: number, id: number, db: DbExecutor = this.db): Promise<CourierRow | undefined> {
    const [row] = await db
      .select()
      .from(pharmacyCourier)
      .where(and(eq(pharmacyCourier.id, id), eq(pharmacyCourier.pharmacyId, pharmacyId)))
      .limit(1);
    return row;
  }

  /** The enabled courier of this code to make the default: the current default if it has the code, else the oldest. */
  async findEnabledCourierByCode(pharmacyId: number, code: CourierCode, db: DbExecutor = this.db) {
    const c = pharmacyCourier;
    const [row] = await db
      .select()
      .from(c)
      .where(and(eq(c.pharmacyId, pharmacyId), eq(c.courierCode, code), eq(c.status, 'enabled')))
      .orderBy(desc(c.isDefault), asc(c.id))
      .limit(1);
    return row;
  }

  async insertCourier(pharmacyId: number, values: CourierValues, db: DbExecutor = this.db) {
    const [row] = await db
      .insert(pharmacyCourier)
      .values({ pharmacyId, ...values })
      .returning();
    return row;
  }

  async updateCourier(pharmacyId: number, id: number, values: CourierValues, db: DbExecutor = this.db) {
    const [row] = await db
      .update(pharmacyCourier)
      .set(values)
      .where(and(eq(pharmacyCourier.id, id), eq(pharmacyCourier.pharmacyId, pharmacyId)))
      .returning();
    return row;
  }

  async deleteCourier(pharmacyId: number, id: number, db: DbExecutor = this.db): Promise<boolean> {
    const rows = await db
      .delete(pharmacyCourier)
      .where(and(eq(pharmacyCourier.id, id), eq(pharmacyCourier.pharmacyId, pharmacyId)))
      .returning({ id: pharmacyCourier.id });
    return rows.length > 0;
  }

  /** Holds the pharmacy's courier lock until the transaction ends: default changes of one pharmacy run one at a time. */
  async lockCouriers(pharmacyId: number, db: DbExecutor) {
    await db.execute(sql`select pg_advisory_xact_lock(${COURIER_LOCK_KEY}::int, ${pharmacyId}::int)`);
  }

  /** Makes `id` the pharmacy's one default courier (null: none). Call under lockCouriers. */
  async setDefaultCourier(pharmacyId: number, id: number | null, db: DbExecutor) {
    const c = pharmacyCourier;
    // clear first: the partial unique index allows one default per pharmacy at every moment
    await db
      .update(c)
      .set({ isDefault: false })
      .where(and(eq(c.pharmacyId, pharmacyId), eq(c.isDefault, true), id === null ? undefined : sql`${c.id} <> ${id}`));
    if (id !== null) {
      await db
        .update(c)
        .set({ isDefault: true })
        .where(and(eq(c.pharmacyId, pharmacyId), eq(c.id, id)));
    }
  }

  /**
   * pharmacy_setting.default_courier and sf_account mirror the courier table (the order pages read the setting):
   * the default courier's code, and the account of the SF courier (the default one, else an enabled one, else any).
   */
  async syncCourierMirrors(pharmacyId: number, db: DbExecutor) {
    const c = pharmacyCourier;
    await this.ensureSetting(pharmacyId, db);
    await db
      .update(pharmacySetting)
      .set({
        defaultCourier: sql`coalesce((select ${c.courierCode} from ${c} where ${c.pharmacyId} = ${pharmacyId} and ${c.isDefault} limit 1), '')`,
        sfAccount: sql`coalesce((select ${c.accountNo} from ${c} where ${c.pharmacyId} = ${pharmacyId} and ${c.courierCode} = 'SF' order by ${c.isDefault} desc, (${c.status} = 'enabled') desc, ${c.id} limit 1), '')`,
      })
      .where(eq(pharmacySetting.pharmacyId, pharmacyId));
  }
}
