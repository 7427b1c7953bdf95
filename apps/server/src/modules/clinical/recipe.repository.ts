import type { RecipeDoctorListQuery, RecipeStatus, RecipeSummary } from '@pharmacy/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { orders, pharmacy, recipe } from '../../db/schema/index';
import {
  FirstPageCache,
  listCountsColumn,
  readListCounts,
  toListCounts,
  writeVersionColumn,
} from '../../lib/list-count';
import { containsPattern, productSearchCondition } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/** A row of the doctor's list, as the page statement reads it. */
export interface RecipeListRow {
  id: number;
  recipe_no: string;
  status: RecipeStatus;
  patient_name: string;
  patient_gender: string;
  patient_age: number | null;
  diagnoses: string[];
  items_text: string;
  item_count: number;
  warning_count: number;
  doctor_name: string;
  pharmacy_id: number;
  pharmacy_name: string;
  order_id: number | null;
  order_no: string | null;
  created_at: Date | string;
  inspected_at: Date | string | null;
  counts?: Record<string, number | string> | null;
  version?: string | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

/** A list row as the answer shows it (recipeSummarySchema, exactly). */
export const toSummary = (r: RecipeListRow): RecipeSummary => ({
  id: Number(r.id),
  recipe_no: r.recipe_no,
  status: r.status,
  patient_name: r.patient_name,
  patient_gender: r.patient_gender,
  patient_age: r.patient_age === null ? null : Number(r.patient_age),
  diagnoses: r.diagnoses ?? [],
  items_text: r.items_text ?? '',
  item_count: Number(r.item_count),
  warning_count: Number(r.warning_count),
  doctor_name: r.doctor_name ?? '',
  pharmacy_id: Number(r.pharmacy_id),
  pharmacy_name: r.pharmacy_name,
  order_id: r.order_id === null ? null : Number(r.order_id),
  order_no: r.order_no ?? null,
  created_at: iso(r.created_at) as string,
  inspected_at: iso(r.inspected_at),
});

export interface RecipeDetailRow extends RecipeListRow {
  doctor_id: number;
  account_id: number;
  family_member_id: number | null;
  consultation_request_id: number | null;
  patient_weight_kg: string | null;
  allergies: string[];
  items: unknown;
  warnings: unknown;
  images: string[];
  signature_url: string;
  pharmacist_name: string | null;
  reject_code: string;
  reject_reason: string;
  family_medical_history: string[] | null;
  past_medical_history: string[] | null;
  doctor_hospital: string;
  doctor_department: string;
  doctor_title: string;
  doctor_licence_no: string;
  doctor_signature_url: string;
}

export interface InspectionRow {
  id: number;
  pharmacist_name: string | null;
  decision: 'approve' | 'reject';
  reject_code: string;
  reason: string;
  created_at: Date | string;
}

/** A consultation request as the write dialog and the write read it. */
export interface RequestRow {
  id: number;
  status: string;
  account_id: number;
  pharmacy_id: number;
  pharmacy_name: string;
  order_id: number | null;
  order_no: string | null;
  patient_name: string;
  patient_gender: string;
  patient_age: number | null;
  description: string;
  wanted_items: unknown;
  images: string[];
  family_member_id: number | null;
  allergy_history: string[] | null;
  family_medical_history: string[] | null;
  past_medical_history: string[] | null;
}

export interface MemberRow {
  id: number;
  account_id: number;
  name: string;
  gender: string | null;
  age: number | null;
  allergy_history: string[];
  family_medical_history: string[];
  past_medical_history: string[];
}

export interface DoctorRow {
  id: number;
  name: string;
  hospital: string;
  department: string;
  title: string;
  licence_no: string;
  intro: string;
  signature_url: string;
}

/** "阿莫西林胶囊 ×2、布洛芬缓释胶囊 ×1" from the items jsonb: 20 rows' worth of a few elements each. */
const itemsText = sql<string>`coalesce((select string_agg((e->>'name') || ' ×' || (e->>'qty'), '、' order by n)
  from jsonb_array_elements(${recipe.items}) with ordinality as x(e, n)), '')`;

/** The doctor's name: one lookup per statement (an uncorrelated subquery), the same for every row of their list. */
const doctorName = (doctorId: SQL | number | ReturnType<typeof sql.placeholder>) =>
  sql<string>`(select a.name from doctor d join account a on a.id = d.account_id where d.id = ${doctorId})`;

const listColumns = (doctorId: SQL | number | ReturnType<typeof sql.placeholder>) => ({
  id: recipe.id,
  recipe_no: recipe.recipeNo,
  status: recipe.status,
  patient_name: recipe.patientName,
  patient_gender: recipe.patientGender,
  patient_age: recipe.patientAge,
  diagnoses: recipe.diagnoses,
  items_text: itemsText,
  item_count: sql<number>`jsonb_array_length(${recipe.items})`,
  warning_count: sql<number>`jsonb_array_length(${recipe.warnings})`,
  doctor_name: doctorName(doctorId),
  pharmacy_id: recipe.pharmacyId,
  pharmacy_name: pharmacy.name,
  order_id: recipe.orderId,
  order_no: orders.orderNo,
  created_at: recipe.createdAt,
  inspected_at: recipe.inspectedAt,
});

/** Page sizes the console offers: page 1 of each is a prepared statement with its LIMIT in the text (docs/lists.md). */
const preparedPageSizes = new Set([10, 20, 50, 100]);

type Prepared = { execute(v: Record<string, unknown>): Promise<RecipeListRow[]> };

/** The only place that knows how prescriptions are stored for the doctor. Every read filters on doctor_id. */
export class RecipeRepository {
  private readonly firstPages = new Map<string, Prepared>();
  /** Unfiltered first pages kept while the doctor's recipe write version stands (docs/lists.md). */
  private readonly keptPages = new FirstPageCache<{ rows: RecipeSummary[]; counts: Record<string, number> }>(
    'recipe_doctor',
  );

  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Page 1 of the doctor's list (all, or one tab) with list_count's 'recipe_doctor' counts as a column: one named
   * prepared statement per tab kind and page size, one backward walk of recipe_doctor_idx / recipe_doctor_status_idx
   * that stops after the page, a pharmacy and an order lookup per row (docs/lists.md, like the quote list).
   */
  private firstPage(byStatus: boolean, pageSize: number): Prepared {
    const name = `recipe_doctor_page1_${byStatus ? 'status' : 'all'}_${pageSize}`;
    let statement = this.firstPages.get(name);
    if (!statement) {
      const doctorId = sql.placeholder('doctorId');
      statement = this.db
        .select({
          ...listColumns(doctorId),
          counts: listCountsColumn('recipe_doctor', doctorId),
          version: writeVersionColumn('recipe_doctor', doctorId),
        })
        .from(recipe)
        .innerJoin(pharmacy, eq(pharmacy.id, recipe.pharmacyId))
        .leftJoin(orders, eq(orders.id, recipe.orderId))
        .where(
          byStatus
            ? and(
                eq(recipe.doctorId, doctorId as unknown as number),
                eq(recipe.status, sql.placeholder('status') as unknown as RecipeStatus),
              )
            : eq(recipe.doctorId, doctorId as unknown as number),
        )
        .orderBy(desc(recipe.id))
        .limit(sql.raw(String(Math.trunc(pageSize))) as unknown as number)
        .prepare(name) as unknown as Prepared;
      this.firstPages.set(name, statement);
    }
    return statement;
  }

  private filters(doctorId: number, q: RecipeDoctorListQuery, withStatus: boolean): SQL {
    const c: SQL[] = [sql`${recipe.doctorId} = ${doctorId}`];
    if (withStatus && q.status !== 'all') c.push(sql`${recipe.status} = ${q.status}`);
    if (q.patient) c.push(sql`${recipe.patientName} ilike ${containsPattern(q.patient)}`);
    if (q.recipe_no) c.push(sql`${recipe.recipeNo} = ${q.recipe_no}`);
    if (q.date_from) c.push(sql`${recipe.createdAt} >= (${q.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
    if (q.date_to)
      c.push(sql`${recipe.createdAt} < ((${q.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
    return sql.join(c, sql` and `);
  }

  /**
   * The doctor's page, newest first, and the tab counts: unfiltered (a tab alone) the counts are list_count's
   * 'recipe_doctor' buckets carried by the page's own statement (prepared for page 1); with a patient, number or dates
   * they are counted exactly over the doctor's rows.
   */
  async page(
    doctorId: number,
    q: RecipeDoctorListQuery,
  ): Promise<{ rows: RecipeSummary[]; counts: Record<string, number> }> {
    const filtered = !!(q.patient || q.recipe_no || q.date_from || q.date_to);
    const limit = q.page_size;
    const offset = (q.page - 1) * q.page_size;
    const status = q.status === 'all' ? undefined : q.status;
    if (!filtered && offset === 0 && preparedPageSizes.has(limit)) {
      return this.keptPages.get(this.db, doctorId, `${status ?? 'all'}:${limit}`, async () => {
        const rows = await this.firstPage(status !== undefined, limit).execute({ doctorId, status });
        if (!rows.length)
          return {
            page: { rows: [], counts: await readListCounts(this.db, 'recipe_doctor', doctorId) },
            version: null,
          };
        return {
          page: { rows: rows.map(toSummary), counts: toListCounts('recipe_doctor', rows[0]!.counts) },
          version: rows[0]!.version ?? null,
        };
      });
    }
    if (!filtered) {
      const rows = (await this.db
        .select({ ...listColumns(doctorId), counts: listCountsColumn('recipe_doctor', doctorId) })
        .from(recipe)
        .innerJoin(pharmacy, eq(pharmacy.id, recipe.pharmacyId))
        .leftJoin(orders, eq(orders.id, recipe.orderId))
        .where(this.filters(doctorId, q, true))
        .orderBy(desc(recipe.id))
        .limit(limit)
        .offset(offset)) as RecipeListRow[];
      const counts = rows.length
        ? toListCounts('recipe_doctor', rows[0]!.counts)
        : await readListCounts(this.db, 'recipe_doctor', doctorId);
      return { rows: rows.map(toSummary), counts };
    }
    const rows = (await this.db
      .select(listColumns(doctorId))
      .from(recipe)
      .innerJoin(pharmacy, eq(pharmacy.id, recipe.pharmacyId))
      .leftJoin(orders, eq(orders.id, recipe.orderId))
      .where(this.filters(doctorId, q, true))
      .orderBy(desc(recipe.id))
      .limit(limit)
      .offset(offset)) as RecipeListRow[];
    const { rows: countRows } = await queryRows<Record<string, number | string>>(
      this.db,
      sql`select count(*) filter (where status = 'pending_inspection') as pending_inspection,
            count(*) filter (where status = 'approved') as approved,
            count(*) filter (where status = 'rejected') as rejected,
            count(*) filter (where status = 'void') as void
          from recipe where ${this.filters(doctorId, q, false)}`,
    );
    return { rows: rows.map(toSummary), counts: toListCounts('recipe_doctor', countRows[0]) };
  }

  /** One prescription of the doctor's, whole (null: missing or another doctor's). */
  async detail(db: DbExecutor, doctorId: number, id: number): Promise<RecipeDetailRow | null> {
    const { rows } = await queryRows<RecipeDetailRow>(
      db,
      sql`select r.id, r.recipe_no, r.status, r.patient_name, r.patient_gender, r.patient_age, r.diagnoses,
          r.doctor_id, r.account_id, r.family_member_id, r.consultation_request_id,
          r.patient_weight_kg::text as patient_weight_kg, r.allergies, r.items, r.warnings, r.images, r.signature_url,
          r.reject_code, r.reject_reason, r.pharmacy_id, p.name as pharmacy_name, r.order_id, o.order_no,
          r.created_at, r.inspected_at,
          coalesce((select string_agg((e->>'name') || ' ×' || (e->>'qty'), '、' order by n)
            from jsonb_array_elements(r.items) with ordinality as x(e, n)), '') as items_text,
          jsonb_array_length(r.items) as item_count, jsonb_array_length(r.warnings) as warning_count,
          da.name as doctor_name, d.hospital as doctor_hospital, d.department as doctor_department,
          d.title as doctor_title, d.licence_no as doctor_licence_no, d.signature_url as doctor_signature_url,
          pa.name as pharmacist_name, fm.family_medical_history, fm.past_medical_history
        from recipe r
        join pharmacy p on p.id = r.pharmacy_id
        join doctor d on d.id = r.doctor_id
        join account da on da.id = d.account_id
        left join orders o on o.id = r.order_id
        left join account pa on pa.id = r.pharmacist_id
        left join family_member fm on fm.id = r.family_member_id
        where r.id = ${id} and r.doctor_id = ${doctorId}`,
    );
    return rows[0] ?? null;
  }

  async inspections(db: DbExecutor, recipeId: number): Promise<InspectionRow[]> {
    const { rows } = await queryRows<InspectionRow>(
      db,
      sql`select i.id, a.name as pharmacist_name, i.decision, i.reject_code, i.reason, i.created_at
        from recipe_inspection i left join account a on a.id = i.pharmacist_id
        where i.recipe_id = ${recipeId} order by i.id`,
    );
    return rows;
  }

  /** The doctor's consultation request (null: missing or another doctor's); `lock` takes its row for the write. */
  async request(db: DbExecutor, doctorId: number, id: number, lock = false): Promise<RequestRow | null> {
    const { rows } = await queryRows<RequestRow>(
      db,
      sql`select c.id, c.status, c.account_id, c.pharmacy_id, p.name as pharmacy_name, c.order_id, o.order_no,
          c.patient_name, c.patient_gender, c.patient_age, c.description, c.wanted_items, c.images,
          fm.id as family_member_id, fm.allergy_history, fm.family_medical_history, fm.past_medical_history
        from consultation_request c
        join pharmacy p on p.id = c.pharmacy_id
        left join orders o on o.id = c.order_id
        left join family_member fm on fm.id = c.family_member_id
        where c.id = ${id} and c.doctor_id = ${doctorId}
        ${lock ? sql`for update of c` : sql``}`,
    );
    return rows[0] ?? null;
  }

  /**
   * A family member the doctor has treated (a consultation request assigned to them or a prescription they wrote),
   * with their age today in Shanghai; null for anyone else, exactly like a missing one (a doctor reads no stranger's
   * histories). A new patient reaches the doctor through a request (/doctor/addRequirements).
   */
  async member(db: DbExecutor, doctorId: number, id: number): Promise<MemberRow | null> {
    const { rows } = await queryRows<MemberRow>(
      db,
      sql`select id, account_id, name, gender, allergy_history, family_medical_history, past_medical_history,
          case when birthday is null then null
            else date_part('year', age((now() at time zone 'Asia/Shanghai')::date, birthday))::int end as age
        from family_member fm where id = ${id}
          and (exists (select 1 from consultation_request c where c.family_member_id = fm.id and c.doctor_id = ${doctorId})
            or exists (select 1 from recipe r where r.family_member_id = fm.id and r.doctor_id = ${doctorId}))`,
    );
    return rows[0] ?? null;
  }

  async pharmacyActive(db: DbExecutor, id: number): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      db,
      sql`select id from pharmacy where id = ${id} and status = 'active'`,
    );
    return rows.length > 0;
  }

  async doctor(db: DbExecutor, doctorId: number): Promise<DoctorRow | null> {
    const { rows } = await queryRows<DoctorRow>(
      db,
      sql`select d.id, a.name, d.hospital, d.department, d.title, d.licence_no, d.intro, d.signature_url
        from doctor d join account a on a.id = d.account_id where d.id = ${doctorId}`,
    );
    return rows[0] ?? null;
  }

  async updateDoctor(
    doctorId: number,
    set: Pick<DoctorRow, 'hospital' | 'department' | 'title' | 'licence_no' | 'intro' | 'signature_url'>,
  ): Promise<void> {
    await this.db.execute(
      sql`update doctor set hospital = ${set.hospital}, department = ${set.department}, title = ${set.title},
          licence_no = ${set.licence_no}, intro = ${set.intro}, signature_url = ${set.signature_url},
          updated_at = now()
        where id = ${doctorId}`,
    );
  }

  /** The next prescription number: RX, the Shanghai date, 6 digits of recipe_no_seq. */
  async nextRecipeNo(db: DbExecutor): Promise<string> {
    const { rows } = await queryRows<{ day: string; n: string | number }>(
      db,
      sql`select to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') as day, nextval('recipe_no_seq') as n`,
    );
    const n = BigInt(rows[0]!.n) % 1_000_000n;
    return `RX${rows[0]!.day}${n.toString().padStart(6, '0')}`;
  }

  /** request approved → prescribed, guarded; false when it was not approved (another write won). */
  async markPrescribed(tx: Transaction, doctorId: number, requestId: number): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      tx,
      sql`update consultation_request set status = 'prescribed', updated_at = now()
        where id = ${requestId} and doctor_id = ${doctorId} and status = 'approved' returning id`,
    );
    return rows.length > 0;
  }

  async insertRecipe(
    tx: Transaction,
    row: {
      recipeNo: string;
      doctorId: number;
      pharmacyId: number;
      accountId: number;
      familyMemberId: number | null;
      consultationRequestId: number | null;
      orderId: number | null;
      patientName: string;
      patientGender: string;
      patientAge: number | null;
      patientWeightKg: string | null;
      allergies: string[];
      diagnoses: string[];
      items: unknown[];
      warnings: unknown[];
      images: string[];
      signatureUrl: string;
    },
  ): Promise<number> {
    const [inserted] = await tx.insert(recipe).values(row).returning({ id: recipe.id });
    return inserted!.id;
  }

  /** The order's prescription (scoped to the order's pharmacy); the order stays pending_review until inspection. */
  async linkOrder(tx: Transaction, orderId: number, pharmacyId: number, recipeId: number | null, onlyIf?: number) {
    await tx.execute(
      sql`update orders set recipe_id = ${recipeId}, updated_at = now()
        where id = ${orderId} and pharmacy_id = ${pharmacyId}
        ${onlyIf !== undefined ? sql`and recipe_id = ${onlyIf}` : sql``}`,
    );
  }

  /** pending_inspection → void, guarded; null when not the doctor's or not pending. */
  async voidRecipe(tx: Transaction, doctorId: number, id: number) {
    const { rows } = await queryRows<{
      id: number;
      recipe_no: string;
      consultation_request_id: number | null;
      order_id: number | null;
      pharmacy_id: number;
    }>(
      tx,
      sql`update recipe set status = 'void', updated_at = now()
        where id = ${id} and doctor_id = ${doctorId} and status = 'pending_inspection'
        returning id, recipe_no, consultation_request_id, order_id, pharmacy_id`,
    );
    return rows[0] ?? null;
  }

  async recipeStatus(db: DbExecutor, doctorId: number, id: number): Promise<string | null> {
    const { rows } = await queryRows<{ status: string }>(
      db,
      sql`select status from recipe where id = ${id} and doctor_id = ${doctorId}`,
    );
    return rows[0]?.status ?? null;
  }

  /** prescribed → approved again (the prescription was voided, the doctor may write another). */
  async reopenRequest(tx: Transaction, requestId: number) {
    await tx.execute(
      sql`update consultation_request set status = 'approved', updated_at = now()
        where id = ${requestId} and status = 'prescribed'`,
    );
  }

  /** Active catalogue products by keyword (name, generic name, approval number, barcode) or ids, with the class. */
  async products(q: { keyword?: string; ids?: number[] }) {
    const where: SQL[] = [sql`product.status = 'active'`];
    if (q.ids)
      where.push(
        sql`product.id in (${sql.join(
          q.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    else if (q.keyword) where.push(productSearchCondition(q.keyword));
    const { rows } = await queryRows<{
      id: number;
      name: string;
      generic_name: string;
      spec: string;
      type: string;
      manufacturer: string;
      category: string;
    }>(
      this.db,
      sql`select product.id, product.name, product.generic_name, product.spec, product.type, product.manufacturer,
          coalesce(c.name, '') as category
        from product left join category c on c.id = product.category_id
        where ${sql.join(where, sql` and `)}
        order by (product.type = 'RX') desc, product.id limit 20`,
    );
    return rows;
  }

  // ---------------------------------------------------------------- common diagnoses

  async commonDiagnoses(db: DbExecutor, doctorId: number) {
    const { rows } = await queryRows<{ id: number; text: string; sort: number }>(
      db,
      sql`select id, text, sort from common_diagnose where doctor_id = ${doctorId} order by sort, id`,
    );
    return rows;
  }

  /** Locks the doctor's row, so two adds cannot both pass the limit or the duplicate check. */
  async lockDoctor(tx: Transaction, doctorId: number) {
    await tx.execute(sql`select id from doctor where id = ${doctorId} for update`);
  }

  async addCommonDiagnose(tx: Transaction, doctorId: number, text: string) {
    const { rows } = await queryRows<{ id: number; text: string; sort: number }>(
      tx,
      sql`insert into common_diagnose (doctor_id, text, sort)
        values (${doctorId}, ${text},
          (select coalesce(max(sort), 0) + 1 from common_diagnose where doctor_id = ${doctorId}))
        returning id, text, sort`,
    );
    return rows[0]!;
  }

  async removeCommonDiagnose(doctorId: number, id: number): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`delete from common_diagnose where id = ${id} and doctor_id = ${doctorId} returning id`,
    );
    return rows.length > 0;
  }
}
