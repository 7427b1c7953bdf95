import {
  answerFits,
  ErrorCode,
  liveMessages,
  type PageResult,
  type Question,
  type QuestionBody,
  type QuestionCategory,
  type QuestionListQuery,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { QuestionRepository, QuestionRow, QuestionValues } from './question.repository';

const iso = (v: Date | string): string => new Date(v).toISOString();

/** A 400 naming a form field: `msg` is "<field> <reason>" (the forms put the reason under the field), data.field. */
export const fieldError = (field: string, reason: string, message = `Invalid parameter: ${field}`) =>
  new AppError(400, ErrorCode.BAD_PARAMS, `${field} ${reason}`, message, { field });

export const toQuestion = (r: QuestionRow): Question => ({
  id: r.id,
  category_id: r.category_id,
  category_name: r.category_name,
  type: r.type,
  stem: r.stem,
  options: (r.options ?? []).map((o) => ({ key: o.key, text: o.text })),
  answer: r.answer ?? [],
  analysis: r.analysis,
  score: r.score,
  live_count: r.live_count,
  created_at: iso(r.created_at),
});

/** What a question body stores: judge questions have no options; answer keys sorted (A, C rather than C, A). */
export const questionValues = (body: QuestionBody): QuestionValues => {
  const options = body.type === 'judge' ? [] : body.options.map((o) => ({ key: o.key, text: o.text }));
  return {
    categoryId: body.category_id,
    type: body.type,
    stem: body.stem,
    options,
    answer: [...body.answer].sort(),
    analysis: body.analysis,
    score: body.score,
  };
};

/** PostgreSQL's foreign key violation (23503), on the error or its cause (drizzle wraps driver errors). */
export const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
};

const notFound = () => AppError.notFound(liveMessages.questionNotFound, 'Question not found');
const categoryNotFound = () => AppError.notFound(liveMessages.categoryNotFound, 'Question category not found');
/** A question written into a category deleted meanwhile: the foreign key refuses; answer as for a missing one. */
export const categoryGone = (err: unknown): never => {
  if (isForeignKeyViolation(err)) throw categoryNotFound();
  throw err;
};

/** The question bank of a pharmacy: categories (a tree), questions, the answer set. No Fastify types here. */
export class QuestionService {
  constructor(private readonly repo: QuestionRepository) {}

  categories(pharmacyId: number): Promise<QuestionCategory[]> {
    return this.repo.categories(pharmacyId);
  }

  /** A new category; its parent must be the pharmacy's (checked under the tree's lock, so it cannot vanish meanwhile). */
  async createCategory(pharmacyId: number, body: { name: string; parent_id: number | null; sort: number }) {
    return this.repo.transaction(async (repo) => {
      if (body.parent_id !== null) {
        await repo.lockCategories(pharmacyId);
        if (!(await repo.category(pharmacyId, body.parent_id))) throw categoryNotFound();
      }
      const id = await repo.insertCategory(pharmacyId, { name: body.name, parentId: body.parent_id, sort: body.sort });
      return (await repo.category(pharmacyId, id))!;
    });
  }

  /** Renames or moves a category; moving it under itself or one of its descendants is refused (400 categoryCycle). */
  async updateCategory(pharmacyId: number, id: number, body: { name: string; parent_id: number | null; sort: number }) {
    return this.repo.transaction(async (repo) => {
      await repo.lockCategories(pharmacyId);
      if (!(await repo.category(pharmacyId, id))) throw categoryNotFound();
      if (body.parent_id !== null) {
        if (!(await repo.category(pharmacyId, body.parent_id))) throw categoryNotFound();
        if ((await repo.subtreeIds(pharmacyId, id)).includes(body.parent_id)) {
          throw fieldError('parent_id', liveMessages.categoryCycle, 'Category cycle');
        }
      }
      await repo.updateCategory(pharmacyId, id, { name: body.name, parentId: body.parent_id, sort: body.sort });
      return (await repo.category(pharmacyId, id))!;
    });
  }

  async removeCategory(pharmacyId: number, id: number) {
    const result = await this.repo.transaction(async (repo) => {
      await repo.lockCategories(pharmacyId);
      return repo.deleteCategory(pharmacyId, id);
    });
    if (result === 'missing') throw categoryNotFound();
    if (result === 'children') throw AppError.conflict(liveMessages.categoryHasChildren, 'Category has children');
    if (result === 'questions') throw AppError.conflict(liveMessages.categoryHasQuestions, 'Category has questions');
  }

  async list(pharmacyId: number, q: QuestionListQuery): Promise<PageResult<Question>> {
    const { rows, total } = await this.repo.page(
      pharmacyId,
      { categoryId: q.category_id, type: q.type, keyword: q.keyword || undefined, excludeLiveId: q.exclude_live_id },
      q.page_size,
      (q.page - 1) * q.page_size,
    );
    return { list: rows.map(toQuestion), total, page: q.page, page_size: q.page_size };
  }

  async detail(pharmacyId: number, id: number): Promise<Question> {
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw notFound();
    return toQuestion(row);
  }

  private async checkBody(pharmacyId: number, body: QuestionBody) {
    const v = questionValues(body);
    if (!answerFits(v.type, v.options, v.answer)) throw fieldError('answer', liveMessages.answerInvalid);
    if (v.categoryId !== null && !(await this.repo.category(pharmacyId, v.categoryId))) throw categoryNotFound();
    return v;
  }

  async create(pharmacyId: number, body: QuestionBody): Promise<Question> {
    const v = await this.checkBody(pharmacyId, body);
    const [id] = await this.repo.insertQuestions(pharmacyId, [v]).catch(categoryGone);
    return this.detail(pharmacyId, id);
  }

  async update(pharmacyId: number, id: number, body: QuestionBody): Promise<Question> {
    if (!(await this.repo.find(pharmacyId, id))) throw notFound();
    const v = await this.checkBody(pharmacyId, body);
    if (!(await this.repo.updateQuestion(pharmacyId, id, v).catch(categoryGone))) throw notFound();
    return this.detail(pharmacyId, id);
  }

  /** 答案设置: the answer must fit the stored question's type and options. */
  async setAnswer(pharmacyId: number, id: number, body: { answer: string[]; analysis: string }): Promise<Question> {
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw notFound();
    const answer = [...body.answer].sort();
    if (!answerFits(row.type, row.options ?? [], answer)) throw fieldError('answer', liveMessages.answerInvalid);
    if (!(await this.repo.updateQuestion(pharmacyId, id, { answer, analysis: body.analysis }))) throw notFound();
    return this.detail(pharmacyId, id);
  }

  async remove(pharmacyId: number, id: number) {
    let result: Awaited<ReturnType<QuestionRepository['deleteQuestion']>>;
    try {
      result = await this.repo.deleteQuestion(pharmacyId, id);
    } catch (err) {
      // bound by a live at the same moment: the foreign key refuses (23503)
      if (isForeignKeyViolation(err)) result = 'bound';
      else throw err;
    }
    if (result === 'missing') throw notFound();
    if (result === 'bound') throw AppError.conflict(liveMessages.questionBound, 'Question used by a live exam');
  }
}
