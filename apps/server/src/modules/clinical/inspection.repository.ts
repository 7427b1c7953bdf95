import type {
  InspectionListQuery,
  InspectionOrderItem,
  InspectionShown,
  InspectionTabCounts,
  RecipeInspectionRecord,
  RecipeItemInput,
  RecipeStatus,
  RecipeSummary,
  RecipeWarning,
} from '@pharmacy/shared';
import { recipeStatuses } from '@pharmacy/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { account, doctor, orders, pharmacy, recipe } from '../../db/schema/index';
import {
  FirstPageCache,
  type ListCounts,
  listCountsColumn,
  readListCounts,
  toListCounts,
  writeVersionColumn,
} from '../../lib/list-count';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/**
 * The pharmacist's reads and writes of prescriptions (docs/clinical.md "Inspection"). Every query filters on the
 * pharmacy: another pharmacy's prescription is read like a missing one.
 */

/** An ISO 8601 UTC text column, so no Date is made and formatted per row. */
const iso = (column: SQL) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The list row's columns over recipe, doctor's account, pharmacy and the order. */
const rowColumns = {
  id: recipe.id,
  recipe_no: recipe.recipeNo,
  status: recipe.status,
  patient_name: recipe.patientName,
  patient_gender: recipe.patientGender,
  patient_age: recipe.patientAge,
  diagnoses: recipe.diagnoses,
  items_text: sql<string>`coalesce((select string_agg((x.e->>'name') || ' ×' || (x.e->>'qty'), '、' order by x.n)
    from jsonb_array_elements("recipe"."items") with ordinality x(e, n)), '')`,
  item_count: sql<number>`jsonb_array_length("recipe"."items")`,
  warning_count: sql<number>`jsonb_array_length("recipe"."warnings")`,
  doctor_name: account.name,
  pharmacy_id: recipe.pharmacyId,
  pharmacy_name: pharmacy.name,
  order_id: recipe.orderId,
  order_no: orders.orderNo,
  created_at: iso(sql`"recipe"."created_at"`) as SQL<string>,
  inspected_at: iso(sql`"recipe"."inspected_at"`),
};

/** The page sizes the console offers: page 1 of each, per tab or not, is a named prepared statement. */
const preparedPageSizes = new Set([10, 20, 50, 100]);

type Executable<T> = { execute(v: Record<string, unknown>): Promise<T[]> };
type RawCounts = Record<string, number | string> | null;

export type RecipeCounts = ListCounts<'recipe'>;

export const tabCounts = (c: RecipeCounts): InspectionTabCounts => ({
  ...c,
  all: recipeStatuses.reduce((n, s) => n + c[s], 0),
});

/** Whether the query has a filter besides the tab. */
const isFiltered = (q: InspectionListQuery) => Boolean(q.keyword || q.doctor_name || q.date_from || q.date_to);

/** The filter's conditions (dates are Shanghai calendar days). */
function filterConditions(q: InspectionListQuery): SQL[] {
  const c: SQL[] = [];
  if (q.keyword)
    c.push(
      sql`(${recipe.recipeNo} ilike ${containsPattern(q.keyword)} or ${recipe.patientName} ilike ${containsPattern(q.keyword)})`,
    );
  if (q.doctor_name)
    c.push(
      sql`${recipe.doctorId} in (select d.id from doctor d join account a on a.id = d.account_id
        where a.name ilike ${containsPattern(q.doctor_name)})`,
    );
  if (q.date_from) c.push(sql`${recipe.createdAt} >= (${q.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (q.date_to) c.push(sql`${recipe.createdAt} < (${q.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
  return c;
}

/** The prescription as the inspect dialog and the decision read it. */
export interface RecipeRecordRow {
  id: number;
  recipe_no: string;
  status: RecipeStatus;
  doctor_id: number;
  doctor_account_id: number;
  pharmacy_id: number;
  pharmacy_name: string;
  account_id: number;
  family_member_id: number | null;
  consultation_request_id: number | null;
  order_id: number | null;
  order_no: string | null;
  patient_name: string;
  patient_gender: string;
  patient_age: number | null;
  patient_weight_kg: string | null;
  allergies: string[];
  family_medical_history: string[] | null;
  past_medical_history: string[] | null;
  diagnoses: string[];
  items: (RecipeItemInput & {
    name: string;
    generic_name: string;
    spec: string;
    type: string;
    manufacturer: string;
  })[];
  warnings: RecipeWarning[];
  images: string[];
  signature_url: string;
  doctor_name: string;
  doctor_hospital: string;
  doctor_department: string;
  doctor_title: string;
  doctor_licence_no: string;
  doctor_signature_url: string;
  pharmacist_name: string | null;
  reject_code: string;
  reject_reason: string;
  created_at: string;
  inspected_at: string | null;
}

export interface OrderForRecipe {
  id: number;
  order_no: string;
  status: string;
  pay_amount: string;
  items: InspectionOrderItem[];
}

export class InspectionRepository {
  private readonly statements = new Map<string, Executable<unknown>>();
  /** Unfiltered first pages kept while the pharmacy's recipe write version stands (docs/lists.md). */
  private readonly firstPages = new FirstPageCache<{ rows: RecipeSummary[]; counts: RecipeCounts }>('recipe');

  constructor(private readonly db: Database) {}

  /**
   * Page 1 of the pharmacy's prescriptions (all or one tab) with list_count's counts as a column: one round trip,
   * one backward walk of recipe_pharmacy_list_idx / recipe_pharmacy_status_idx that stops after the page. A named
   * prepared statement with the LIMIT in its text (docs/lists.md: with LIMIT as a parameter the generic plan loses).
   */
  private firstPage(byStatus: boolean, pageSize: number) {
    const name = `recipe_pharmacist_page1_${byStatus ? 'status' : 'all'}_${pageSize}`;
    let statement = this.statements.get(name);
    if (!statement) {
      const pharmacyId = sql.placeholder('pharmacyId');
      const conditions = [eq(recipe.pharmacyId, pharmacyId as unknown as number)];
      if (byStatus) conditions.push(eq(recipe.status, sql.placeholder('status') as unknown as RecipeStatus));
      statement = this.listQuery({
        counts: listCountsColumn('recipe', pharmacyId),
        version: writeVersionColumn('recipe', pharmacyId),
      })
        .where(and(...conditions))
        .orderBy(desc(recipe.id))
        .limit(sql.raw(String(Math.trunc(pageSize))) as unknown as number)
        .prepare(name) as unknown as Executable<unknown>;
      this.statements.set(name, statement);
    }
    return statement as Executable<RecipeSummary & { counts: RawCounts; version: string | null }>;
  }

  private listQuery<E extends Record<string, SQL>>(extra: E) {
    return this.db
      .select({ ...rowColumns, ...extra })
      .from(recipe)
      .innerJoin(doctor, eq(doctor.id, recipe.doctorId))
      .innerJoin(account, eq(account.id, doctor.accountId))
      .innerJoin(pharmacy, eq(pharmacy.id, recipe.pharmacyId))
      .leftJoin(orders, eq(orders.id, recipe.orderId));
  }

  /**
   * A page of the pharmacy's prescriptions, newest first, with every tab's count.
   * - Unfiltered page 1: one prepared statement, the counts from list_count.
   * - Unfiltered deeper pages: the index walk with an offset, the counts from list_count.
   * - Filtered: the page and the exact counts of the filtered rows in one statement.
   */
  async page(pharmacyId: number, query: InspectionListQuery): Promise<{ rows: RecipeSummary[]; counts: RecipeCounts }> {
    const limit = query.page_size;
    const offset = (query.page - 1) * query.page_size;
    const status = query.status === 'all' ? undefined : query.status;

    if (!isFiltered(query)) {
      if (offset === 0 && preparedPageSizes.has(limit)) {
        return this.firstPages.get(this.db, pharmacyId, `${status ?? 'all'}:${limit}`, async () => {
          const rows = await this.firstPage(status !== undefined, limit).execute({ pharmacyId, status });
          if (!rows.length)
            return { page: { rows: [], counts: await readListCounts(this.db, 'recipe', pharmacyId) }, version: null };
          const counts = toListCounts('recipe', rows[0].counts);
          return {
            page: { rows: rows.map(({ counts: _c, version: _v, ...row }) => row), counts },
            version: rows[0].version,
          };
        });
      }
      const counts = await readListCounts(this.db, 'recipe', pharmacyId);
      const inTab = status ? counts[status] : tabCounts(counts).all;
      if (offset >= inTab) return { rows: [], counts };
      const rows = await this.listQuery({})
        .where(
          status
            ? and(eq(recipe.pharmacyId, pharmacyId), eq(recipe.status, status))
            : eq(recipe.pharmacyId, pharmacyId),
        )
        .orderBy(desc(recipe.id))
        .limit(limit)
        .offset(offset);
      return { rows: rows as RecipeSummary[], counts };
    }

    const where = and(eq(recipe.pharmacyId, pharmacyId), ...filterConditions(query))!;
    const countsSql = sql<RawCounts>`(select json_object_agg(c.status, c.n)
      from (select ${recipe.status} as status, count(*) as n from ${recipe} where ${where} group by 1) c)`;
    const rows = await this.listQuery({ counts: countsSql })
      .where(status ? and(where, eq(recipe.status, status)) : where)
      .orderBy(desc(recipe.id))
      .limit(limit)
      .offset(offset);
    if (rows.length) return { rows: rows.map(stripCounts), counts: toListCounts('recipe', rows[0].counts) };
    const [row] = await this.db.select({ counts: countsSql }).from(sql`(select 1) as one`);
    return { rows: [], counts: toListCounts('recipe', row?.counts ?? null) };
  }

  /** The prescription of this pharmacy, whole (null: none, or another pharmacy's). */
  async record(db: DbExecutor, pharmacyId: number, id: number): Promise<RecipeRecordRow | null> {
    const { rows } = await queryRows<RecipeRecordRow>(
      db,
      sql`select r.id, r.recipe_no, r.status, r.doctor_id, d.account_id as doctor_account_id, r.pharmacy_id,
          p.name as pharmacy_name, r.account_id, r.family_member_id, r.consultation_request_id,
          coalesce(r.order_id, cr.order_id) as order_id, o.order_no,
          r.patient_name, r.patient_gender, r.patient_age, r.patient_weight_kg::text as patient_weight_kg, r.allergies,
          fm.family_medical_history, fm.past_medical_history, r.diagnoses, r.items, r.warnings, r.images,
          r.signature_url, da.name as doctor_name, d.hospital as doctor_hospital, d.department as doctor_department,
          d.title as doctor_title, d.licence_no as doctor_licence_no, d.signature_url as doctor_signature_url,
          pa.name as pharmacist_name, r.reject_code, r.reject_reason,
          to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          to_char(r.inspected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as inspected_at
        from recipe r
        join doctor d on d.id = r.doctor_id
        join account da on da.id = d.account_id
        join pharmacy p on p.id = r.pharmacy_id
        left join consultation_request cr on cr.id = r.consultation_request_id
        left join orders o on o.id = coalesce(r.order_id, cr.order_id) and o.pharmacy_id = r.pharmacy_id
        left join family_member fm on fm.id = r.family_member_id
        left join account pa on pa.id = r.pharmacist_id
        where r.id = ${id} and r.pharmacy_id = ${pharmacyId}`,
    );
    const row = rows[0];
    if (!row) return null;
    if (row.order_no === null) row.order_id = null;
    return row;
  }

  /** The order the prescription dispenses, with its lines (only the pharmacy's own). */
  async order(db: DbExecutor, pharmacyId: number, orderId: number): Promise<OrderForRecipe | null> {
    const { rows } = await queryRows<Omit<OrderForRecipe, 'items'> & { items: InspectionOrderItem[] | null }>(
      db,
      sql`select o.id, o.order_no, o.status, o.pay_amount::text as pay_amount,
          (select json_agg(json_build_object('product_id', i.product_id, 'name', i.name, 'spec', i.spec,
              'product_type', i.product_type, 'qty', i.qty) order by i.id)
           from order_item i where i.order_id = o.id) as items
        from orders o where o.id = ${orderId} and o.pharmacy_id = ${pharmacyId} and o.deleted_at is null`,
    );
    const row = rows[0];
    return row ? { ...row, items: row.items ?? [] } : null;
  }

  /** Every inspection of the prescription, newest first. */
  async inspections(db: DbExecutor, recipeId: number): Promise<RecipeInspectionRecord[]> {
    const { rows } = await queryRows<RecipeInspectionRecord>(
      db,
      sql`select i.id, coalesce(a.name, '') as pharmacist_name, i.decision, i.reject_code, i.reason,
          to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from recipe_inspection i left join account a on a.id = i.pharmacist_id
        where i.recipe_id = ${recipeId} order by i.id desc`,
    );
    return rows;
  }

  /**
   * The guarded decision: pending_inspection → approved | rejected, only for this pharmacy. Null when the
   * prescription is not pending (another pharmacist won) or not this pharmacy's.
   */
  async decide(
    tx: DbExecutor,
    v: {
      pharmacyId: number;
      id: number;
      to: 'approved' | 'rejected';
      pharmacistId: number;
      rejectCode: string;
      reason: string;
    },
  ): Promise<{ id: number; recipe_no: string } | null> {
    const { rows } = await queryRows<{ id: number; recipe_no: string }>(
      tx,
      sql`update recipe set status = ${v.to}, pharmacist_id = ${v.pharmacistId}, inspected_at = now(),
          reject_code = ${v.rejectCode}, reject_reason = ${v.reason}, updated_at = now()
        where id = ${v.id} and pharmacy_id = ${v.pharmacyId} and status = 'pending_inspection'
        returning id, recipe_no`,
    );
    return rows[0] ?? null;
  }

  /** The prescription's status in this pharmacy (null: none, or another pharmacy's). */
  async status(tx: DbExecutor, pharmacyId: number, id: number): Promise<RecipeStatus | null> {
    const { rows } = await queryRows<{ status: RecipeStatus }>(
      tx,
      sql`select status from recipe where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rows[0]?.status ?? null;
  }

  /** The order's status, locked for the decision's transaction (null: none of this pharmacy). */
  async lockOrder(tx: DbExecutor, pharmacyId: number, orderId: number): Promise<string | null> {
    const { rows } = await queryRows<{ status: string }>(
      tx,
      sql`select status from orders where id = ${orderId} and pharmacy_id = ${pharmacyId} and deleted_at is null
        for update`,
    );
    return rows[0]?.status ?? null;
  }

  async insertInspection(
    tx: DbExecutor,
    v: {
      recipeId: number;
      pharmacyId: number;
      pharmacistId: number;
      decision: 'approve' | 'reject';
      rejectCode: string;
      reason: string;
      shown: InspectionShown & { order_id: number | null; order_status: string | null };
    },
  ): Promise<void> {
    await tx.execute(sql`
      insert into recipe_inspection (recipe_id, pharmacy_id, pharmacist_id, decision, reject_code, reason, shown)
      values (${v.recipeId}, ${v.pharmacyId}, ${v.pharmacistId}, ${v.decision}, ${v.rejectCode}, ${v.reason},
        ${JSON.stringify(v.shown)}::jsonb)`);
  }
}

const stripCounts = <T extends { counts?: unknown }>(row: T): Omit<T, 'counts'> => {
  const { counts: _counts, ...rest } = row;
  return rest;
};
