import type { QuestionType } from '@pharmacy/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { question, questionCategory } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/**
 * The only place that knows how the question bank is stored (question_category, question; live_question for the
 * lives using a question). Every query names the pharmacy: another pharmacy's category or question is not there.
 */

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  sort: number;
  question_count: number;
}

export interface QuestionRow {
  id: number;
  category_id: number | null;
  category_name: string | null;
  type: QuestionType;
  stem: string;
  options: { key: string; text: string }[];
  answer: string[];
  analysis: string;
  score: number;
  live_count: number;
  created_at: Date | string;
}

export interface QuestionValues {
  categoryId: number | null;
  type: QuestionType;
  stem: string;
  options: { key: string; text: string }[];
  answer: string[];
  analysis: string;
  score: number;
}

export interface QuestionFilter {
  categoryId?: number;
  type?: QuestionType;
  keyword?: string;
  excludeLiveId?: number;
}

const questionColumns = sql`q.id, q.category_id, c.name as category_name, q.type, q.stem, q.options,
  array_to_json(q.answer) as answer, q.analysis, q.score,
  (select count(*)::int from live_question lq where lq.question_id = q.id) as live_count, q.created_at`;

export class QuestionRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repo: QuestionRepository) => Promise<T>): Promise<T> {
    return (this.db as Database).transaction((tx: Transaction) => work(new QuestionRepository(tx)));
  }

  // ------------------------------------------------------------------------------------------ categories

  async categories(pharmacyId: number): Promise<CategoryRow[]> {
    const { rows } = await queryRows<CategoryRow>(
      this.db,
      sql`select c.id, c.parent_id, c.name, c.sort,
          (select count(*)::int from question q where q.pharmacy_id = c.pharmacy_id and q.category_id = c.id)
            as question_count
        from question_category c where c.pharmacy_id = ${pharmacyId}
        order by c.sort, c.id`,
    );
    return rows;
  }

  async category(pharmacyId: number, id: number): Promise<CategoryRow | null> {
    const { rows } = await queryRows<CategoryRow>(
      this.db,
      sql`select c.id, c.parent_id, c.name, c.sort,
          (select count(*)::int from question q where q.pharmacy_id = c.pharmacy_id and q.category_id = c.id)
            as question_count
        from question_category c where c.pharmacy_id = ${pharmacyId} and c.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  /**
   * Serialises changes to a pharmacy's category tree until the transaction ends (an advisory lock, so it holds even
   * while the tree is empty): two moves cannot build a cycle together, two imports cannot create one name twice.
   */
  async lockCategories(pharmacyId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`question_category:${pharmacyId}`}))`);
  }

  /** The category and every category below it. */
  async subtreeIds(pharmacyId: number, id: number): Promise<number[]> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`with recursive tree as (
          select id from question_category where pharmacy_id = ${pharmacyId} and id = ${id}
          union
          select c.id from question_category c join tree on c.parent_id = tree.id
          where c.pharmacy_id = ${pharmacyId}
        ) select id from tree`,
    );
    return rows.map((r) => r.id);
  }

  async insertCategory(pharmacyId: number, v: { name: string; parentId: number | null; sort: number }) {
    const [row] = await this.db
      .insert(questionCategory)
      .values({ pharmacyId, name: v.name, parentId: v.parentId, sort: v.sort })
      .returning({ id: questionCategory.id });
    return row.id;
  }

  async updateCategory(pharmacyId: number, id: number, v: { name: string; parentId: number | null; sort: number }) {
    const rows = await this.db
      .update(questionCategory)
      .set({ name: v.name, parentId: v.parentId, sort: v.sort })
      .where(and(eq(questionCategory.id, id), eq(questionCategory.pharmacyId, pharmacyId)))
      .returning({ id: questionCategory.id });
    return rows.length > 0;
  }

  /** Deletes a leaf category without questions in one statement; 'children' / 'questions' / 'missing' otherwise. */
  async deleteCategory(pharmacyId: number, id: number): Promise<'deleted' | 'missing' | 'children' | 'questions'> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`delete from question_category c where c.id = ${id} and c.pharmacy_id = ${pharmacyId}
        and not exists (select 1 from question_category k where k.parent_id = c.id and k.pharmacy_id = ${pharmacyId})
        and not exists (select 1 from question q where q.category_id = c.id and q.pharmacy_id = ${pharmacyId})
        returning c.id`,
    );
    if (rows.length) return 'deleted';
    const { rows: why } = await queryRows<{ children: boolean; questions: boolean }>(
      this.db,
      sql`select exists (select 1 from question_category k where k.parent_id = c.id and k.pharmacy_id = ${pharmacyId})
          as children,
        exists (select 1 from question q where q.category_id = c.id and q.pharmacy_id = ${pharmacyId}) as questions
        from question_category c where c.id = ${id} and c.pharmacy_id = ${pharmacyId}`,
    );
    if (!why.length) return 'missing';
    return why[0].children ? 'children' : 'questions';
  }

  /** Top-level categories by name (the import's), created when missing; answers name → id. */
  async ensureTopCategories(pharmacyId: number, names: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (!names.length) return out;
    await this.lockCategories(pharmacyId);
    const { rows } = await queryRows<{ id: number; name: string }>(
      this.db,
      sql`select distinct on (name) id, name from question_category
        where pharmacy_id = ${pharmacyId} and parent_id is null
          and name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})
        order by name, id`,
    );
    for (const r of rows) out.set(r.name, r.id);
    const missing = names.filter((n) => !out.has(n));
    if (missing.length) {
      const created = await this.db
        .insert(questionCategory)
        .values(missing.map((name) => ({ pharmacyId, name, parentId: null, sort: 0 })))
        .returning({ id: questionCategory.id, name: questionCategory.name });
      for (const r of created) out.set(r.name, r.id);
    }
    return out;
  }

  // ------------------------------------------------------------------------------------------ questions

  private where(pharmacyId: number, f: QuestionFilter): SQL {
    const c: SQL[] = [sql`q.pharmacy_id = ${pharmacyId}`];
    if (f.categoryId !== undefined) {
      c.push(sql`q.category_id in (with recursive tree as (
          select id from question_category where pharmacy_id = ${pharmacyId} and id = ${f.categoryId}
          union
          select k.id from question_category k join tree on k.parent_id = tree.id where k.pharmacy_id = ${pharmacyId}
        ) select id from tree)`);
    }
    if (f.type) c.push(sql`q.type = ${f.type}`);
    if (f.keyword) c.push(sql`q.stem ilike ${containsPattern(f.keyword)}`);
    if (f.excludeLiveId !== undefined) {
      c.push(sql`not exists (select 1 from live_question x
        where x.live_id = ${f.excludeLiveId} and x.question_id = q.id and x.pharmacy_id = ${pharmacyId})`);
    }
    return sql.join(c, sql` and `);
  }

  async page(pharmacyId: number, f: QuestionFilter, limit: number, offset: number) {
    const where = this.where(pharmacyId, f);
    const [{ rows }, { rows: total }] = await Promise.all([
      queryRows<QuestionRow>(
        this.db,
        sql`select ${questionColumns} from question q
          left join question_category c on c.id = q.category_id and c.pharmacy_id = q.pharmacy_id
          where ${where} order by q.id desc limit ${limit} offset ${offset}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from question q where ${where}`),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  }

  async find(pharmacyId: number, id: number): Promise<QuestionRow | null> {
    const { rows } = await queryRows<QuestionRow>(
      this.db,
      sql`select ${questionColumns} from question q
        left join question_category c on c.id = q.category_id and c.pharmacy_id = q.pharmacy_id
        where q.pharmacy_id = ${pharmacyId} and q.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  async insertQuestions(pharmacyId: number, values: QuestionValues[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += 500) {
      const rows = await this.db
        .insert(question)
        .values(values.slice(i, i + 500).map((v) => ({ pharmacyId, ...v })))
        .returning({ id: question.id });
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }

  async updateQuestion(pharmacyId: number, id: number, v: Partial<QuestionValues>): Promise<boolean> {
    const rows = await this.db
      .update(question)
      .set(v)
      .where(and(eq(question.id, id), eq(question.pharmacyId, pharmacyId)))
      .returning({ id: question.id });
    return rows.length > 0;
  }

  /** Deletes a question no live's exam uses (and nobody answered) in one statement. */
  async deleteQuestion(pharmacyId: number, id: number): Promise<'deleted' | 'missing' | 'bound'> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`delete from question q where q.id = ${id} and q.pharmacy_id = ${pharmacyId}
        and not exists (select 1 from live_question lq where lq.question_id = q.id)
        and not exists (select 1 from live_answer la where la.question_id = q.id)
        returning q.id`,
    );
    if (rows.length) return 'deleted';
    const { rows: found } = await queryRows<{ id: number }>(
      this.db,
      sql`select id from question where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return found.length ? 'bound' : 'missing';
  }
}
