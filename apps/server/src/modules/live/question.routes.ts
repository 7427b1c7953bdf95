import multipart from '@fastify/multipart';
import { liveQuestionContracts as c, ErrorCode, idText } from '@pharmacy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { sendSheet } from '../../lib/spreadsheet-import/index';
import { audit } from '../../plugins/audit';
import { QuestionRepository } from './question.repository';
import { fieldError, QuestionService } from './question.service';
import {
  importQuestions,
  MAX_QUESTION_IMPORT_BYTES,
  QUESTION_TEMPLATE_FILE_NAME,
  writeQuestionTemplate,
} from './question-import';

const categoryIdField = idText('分类不正确');

/** The import form: the file (read into memory: a question sheet is small) and the optional default category. */
async function readImportForm(request: FastifyRequest): Promise<{ data: Buffer; categoryId: number | null }> {
  if (!request.isMultipart()) throw fieldError('file', '请选择文件', 'Expected multipart/form-data');
  let data: Buffer | null = null;
  let categoryId: number | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_QUESTION_IMPORT_BYTES, files: 1, fields: 5 } })) {
    if (part.type === 'field') {
      if (part.fieldname !== 'category_id') continue;
      const text = String(part.value ?? '').trim();
      if (text === '') continue;
      const parsed = categoryIdField.safeParse(text);
      if (!parsed.success) throw fieldError('category_id', '分类不正确');
      categoryId = parsed.data;
    } else if (part.fieldname !== 'file' || data) {
      part.file.resume();
    } else {
      data = await part.toBuffer();
      if (part.file.truncated) {
        throw new AppError(
          413,
          ErrorCode.PAYLOAD_TOO_LARGE,
          `文件过大：最大 ${MAX_QUESTION_IMPORT_BYTES / 1024 / 1024} MB`,
          'Question import file too large',
        );
      }
    }
  }
  if (!data) throw fieldError('file', '请选择文件', 'No file part');
  return { data, categoryId };
}

/** liveQuestionContracts: the question bank (categories, questions, answer set, template, import). */
export async function questionRoutes(app: FastifyInstance, _context: ModuleContext) {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_QUESTION_IMPORT_BYTES, files: 1, fields: 5 } });
  }
  const repo = new QuestionRepository(app.db);
  const service = new QuestionService(repo);
  const ph = (request: FastifyRequest) => request.pharmacyId!;

  route(app, c.categories, async (request) => ok(await service.categories(ph(request))));

  route(app, c.createCategory, async (request) => {
    const category = await service.createCategory(ph(request), request.body);
    await audit(request, 'live.question_category.create', `question_category:${category.id}`, request.body);
    return ok(category, '已添加');
  });

  route(app, c.updateCategory, async (request) => {
    const category = await service.updateCategory(ph(request), request.params.id, request.body);
    await audit(request, 'live.question_category.update', `question_category:${category.id}`, request.body);
    return ok(category, '已保存');
  });

  route(app, c.removeCategory, async (request) => {
    await service.removeCategory(ph(request), request.params.id);
    await audit(request, 'live.question_category.delete', `question_category:${request.params.id}`);
    return ok(null, '已删除');
  });

  route(app, c.list, async (request) => ok(await service.list(ph(request), request.query)));

  route(app, c.create, async (request) => {
    const question = await service.create(ph(request), request.body);
    await audit(request, 'live.question.create', `question:${question.id}`);
    return ok(question, '已添加');
  });

  route(app, c.update, async (request) => {
    const question = await service.update(ph(request), request.params.id, request.body);
    await audit(request, 'live.question.update', `question:${question.id}`);
    return ok(question, '已保存');
  });

  route(app, c.setAnswer, async (request) => {
    const question = await service.setAnswer(ph(request), request.params.id, request.body);
    await audit(request, 'live.question.answer', `question:${question.id}`, { answer: question.answer });
    return ok(question, '已保存');
  });

  route(app, c.remove, async (request) => {
    await service.remove(ph(request), request.params.id);
    await audit(request, 'live.question.delete', `question:${request.params.id}`);
    return ok(null, '已删除');
  });

  route(app, c.template, async (_request, reply) =>
    sendSheet(reply, QUESTION_TEMPLATE_FILE_NAME, writeQuestionTemplate),
  );

  route(app, c.import, async (request) => {
    const { data, categoryId } = await readImportForm(request);
    const result = await importQuestions(repo, ph(request), data, categoryId);
    await audit(request, 'live.question.import', `pharmacy:${ph(request)}`, {
      imported: result.imported,
      failed: result.failed.length,
      category_id: categoryId,
    });
    return ok(
      result,
      result.failed.length ? `有 ${result.failed.length} 行有误，未导入` : `已导入 ${result.imported} 道题`,
    );
  });
}
