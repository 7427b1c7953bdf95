import { Readable, type Writable } from 'node:stream';
import {
  judgeAnswerLabels,
  liveMessages,
  QUESTION_IMPORT_MAX_ROWS,
  QUESTION_OPTION_KEYS,
  type QuestionImportResult,
  type QuestionType,
  questionBodySchema,
  questionTypeLabels,
} from '@pharmacy/shared';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error';
import {
  ImportFileError,
  mapHeader,
  readSourceRows,
  type SheetColumn,
  type TemplateColumn,
  writeTemplateWorkbook,
} from '../../lib/spreadsheet-import/index';
import type { QuestionRepository, QuestionValues } from './question.repository';
import { categoryGone, questionValues } from './question.service';

/**
 * The question bank's spreadsheet import (docs/live.md): columns 分类, 题型, 题干, 选项A…选项F, 答案, 解析, 分值.
 * Every row is checked with the same schema as the form; one bad row and nothing is written (the answer lists every
 * bad row with its sheet row number and Chinese errors); otherwise all rows are written in one transaction, the
 * categories the file names created (top level) when missing.
 */

export const QUESTION_TEMPLATE_FILE_NAME = '题目导入模板.xlsx';
/** A thousand questions fit in well under a megabyte; a bigger upload is not a question sheet. */
export const MAX_QUESTION_IMPORT_BYTES = 5 * 1024 * 1024;

type Key =
  | 'category'
  | 'type'
  | 'stem'
  | `option${(typeof QUESTION_OPTION_KEYS)[number]}`
  | 'answer'
  | 'analysis'
  | 'score';

const optionColumns = QUESTION_OPTION_KEYS.map(
  (k): SheetColumn<Key> => ({ key: `option${k}`, label: `选项${k}`, required: false }),
);
const columns: readonly SheetColumn<Key>[] = [
  { key: 'category', label: '分类', required: false },
  { key: 'type', label: '题型', required: true },
  { key: 'stem', label: '题干', required: true },
  ...optionColumns,
  { key: 'answer', label: '答案', required: true },
  { key: 'analysis', label: '解析', required: false },
  { key: 'score', label: '分值', required: false },
];
const aliases: Record<string, Key> = {
  分类: 'category',
  题目分类: 'category',
  题型: 'type',
  题目类型: 'type',
  题干: 'stem',
  题目: 'stem',
  答案: 'answer',
  正确答案: 'answer',
  解析: 'analysis',
  答案解析: 'analysis',
  分值: 'score',
  分数: 'score',
  ...Object.fromEntries(QUESTION_OPTION_KEYS.map((k) => [`选项${k}`, `option${k}` as Key])),
};

const typeByLabel: Record<string, QuestionType> = {
  单选题: 'single',
  单选: 'single',
  多选题: 'multiple',
  多选: 'multiple',
  判断题: 'judge',
  判断: 'judge',
};
const judgeByText: Record<string, 'T' | 'F'> = {
  正确: 'T',
  对: 'T',
  是: 'T',
  '√': 'T',
  T: 'T',
  TRUE: 'T',
  错误: 'F',
  错: 'F',
  否: 'F',
  '×': 'F',
  F: 'F',
  FALSE: 'F',
};

// ---------------------------------------------------------------------------------------------------------------
// template

const templateColumns: TemplateColumn[] = [
  { key: 'category', header: '分类', required: false, width: 16 },
  {
    key: 'type',
    header: '题型',
    required: true,
    width: 10,
    list: { values: Object.values(questionTypeLabels), title: '题型', error: '请选择 单选题、多选题 或 判断题' },
  },
  { key: 'stem', header: '题干', required: true, width: 40 },
  ...QUESTION_OPTION_KEYS.map((k) => ({ key: `option${k}`, header: `选项${k}`, required: false, width: 18 })),
  { key: 'answer', header: '答案', required: true, width: 10, text: true },
  { key: 'analysis', header: '解析', required: false, width: 40 },
  { key: 'score', header: '分值', required: false, width: 8 },
];

const examples = [
  [
    '高血压',
    '单选题',
    '成人高血压的诊断标准是收缩压不低于多少 mmHg？',
    '120',
    '130',
    '140',
    '160',
    '',
    '',
    'C',
    '诊室血压收缩压 ≥140 mmHg 和/或舒张压 ≥90 mmHg 可诊断为高血压。',
    '10',
  ],
  [
    '用药安全',
    '判断题',
    '服用头孢类抗生素期间可以饮酒。',
    '',
    '',
    '',
    '',
    '',
    '',
    '错误',
    '头孢类药物与酒精同用可能引起双硫仑样反应，用药期间及停药后 7 天内应避免饮酒。',
    '5',
  ],
] as const;

/** The upload template: the headers (required ones shaded), a 题型 drop-down, and a 填写说明 sheet with two examples. */
export const writeQuestionTemplate = (out: Writable) =>
  writeTemplateWorkbook(out, {
    sheetName: '题目',
    columns: templateColumns,
    rules: [
      ['分类', '选填。填写分类名称（一级分类），不存在时自动创建；不填时使用导入时选择的分类'],
      ['题型', '必填。单选题、多选题 或 判断题'],
      ['题干', '必填，最多 500 字'],
      ['选项A～选项F', '单选题、多选题从选项A起连续填写 2～6 个选项；判断题不填选项'],
      ['答案', '必填。单选题填一个字母，如 A；多选题填两个及以上字母，如 AC；判断题填 正确 或 错误'],
      ['解析', '选填，最多 2000 字'],
      ['分值', `选填，1～100 的整数，默认 10。一次最多导入 ${QUESTION_IMPORT_MAX_ROWS} 道题`],
    ],
    examples,
    rows: 200,
  });

// ---------------------------------------------------------------------------------------------------------------
// reading

/** Whether the upload is really an .xlsx (a zip that file-type names xlsx or zip; the reader decides the rest). */
export async function isXlsx(data: Buffer): Promise<boolean> {
  const detected = await fileTypeFromBuffer(data);
  return !!detected && (detected.ext === 'xlsx' || detected.ext === 'zip');
}

const fileRefused = (msg: string) => AppError.callerHandles(msg, 'Question import file refused');

interface ParsedRow {
  row: number;
  categoryName: string | null;
  values: QuestionValues;
}

const fieldLabels: Record<string, string> = {
  type: '题型',
  stem: '题干',
  options: '选项',
  answer: '答案',
  analysis: '解析',
  score: '分值',
};

/** One sheet row → the question it describes, or its errors (Chinese, in the form's words). */
function parseRow(record: Record<Key, string>, defaultCategoryId: number | null): ParsedRow['values'] | string[] {
  const errors: string[] = [];
  const category = record.category;
  if (category.length > 50) errors.push('分类名称最多 50 字');
  const typeText = record.type.replace(/\s+/g, '');
  const type = typeByLabel[typeText];
  if (!typeText) errors.push('请填写题型');
  else if (!type) errors.push('题型应为 单选题、多选题 或 判断题');

  const options: { key: string; text: string }[] = [];
  let gap = false;
  for (const k of QUESTION_OPTION_KEYS) {
    const text = record[`option${k}`];
    if (text === '') gap = true;
    else {
      if (gap && type !== 'judge') errors.push('选项须从选项A起连续填写');
      options.push({ key: k, text });
    }
  }
  if (type === 'judge' && options.length) errors.push('判断题不需要填写选项');

  const answerText = record.answer.replace(/\s+/g, '');
  let answer: string[];
  if (type === 'judge') {
    const key = judgeByText[answerText.toUpperCase()];
    answer = key ? [key] : answerText ? ['?'] : [];
    if (answerText && !key) errors.push(`判断题的答案应为 ${judgeAnswerLabels.T} 或 ${judgeAnswerLabels.F}`);
  } else {
    answer = answerText
      .toUpperCase()
      .replace(/[,，、;；]/g, '')
      .split('');
  }

  let score: unknown = 10;
  if (record.score !== '') {
    const n = Number(record.score);
    if (!Number.isInteger(n)) errors.push('分值应为 1～100 的整数');
    else score = n;
  }
  if (!type || errors.length) {
    // still report the rest of the row's problems the form would
    if (!record.stem) errors.push('请填写题干');
    if (!answerText) errors.push('请设置答案');
    return [...new Set(errors)];
  }

  const parsed = questionBodySchema.safeParse({
    category_id: defaultCategoryId,
    type,
    stem: record.stem,
    options: type === 'judge' ? [] : options,
    answer,
    analysis: record.analysis,
    score,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const label = fieldLabels[String(issue.path[0])];
      const text = issue.message;
      errors.push(label && !text.includes(label) ? `${label}：${text}` : text);
    }
    return [...new Set(errors)];
  }
  return questionValues(parsed.data);
}

/** Reads and checks every row of the upload; throws for a file that cannot be imported at all. */
export async function readQuestionRows(
  data: Buffer,
  defaultCategoryId: number | null,
): Promise<{ rows: ParsedRow[]; failed: QuestionImportResult['failed'] }> {
  if (!(await isXlsx(data))) throw fileRefused(liveMessages.importFileInvalid);
  const rows: ParsedRow[] = [];
  const failed: QuestionImportResult['failed'] = [];
  let header: ReturnType<typeof mapHeader<Key>> | null = null;
  let count = 0;
  try {
    for await (const { row, cells } of readSourceRows(Readable.from([data]), 'xlsx')) {
      if (cells.every((c) => c === '')) continue;
      if (!header) {
        header = mapHeader(cells, columns, aliases);
        continue;
      }
      count += 1;
      if (count > QUESTION_IMPORT_MAX_ROWS) throw fileRefused(liveMessages.importTooMany);
      const record = {} as Record<Key, string>;
      for (const c of columns) {
        const i = header.index[c.key];
        record[c.key] = i === undefined ? '' : (cells[i] ?? '');
      }
      const result = parseRow(record, defaultCategoryId);
      if (Array.isArray(result)) failed.push({ row, errors: result });
      else rows.push({ row, categoryName: record.category || null, values: result });
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw fileRefused(err.message);
    throw err;
  }
  if (count === 0) throw fileRefused(liveMessages.importEmpty);
  return { rows, failed };
}

/**
 * Imports an upload: nothing is written when any row is wrong; otherwise the named categories (top level) are found
 * or created and every question inserted, all in one transaction.
 */
export async function importQuestions(
  repo: QuestionRepository,
  pharmacyId: number,
  data: Buffer,
  defaultCategoryId: number | null,
): Promise<QuestionImportResult> {
  if (defaultCategoryId !== null && !(await repo.category(pharmacyId, defaultCategoryId))) {
    throw AppError.notFound(liveMessages.categoryNotFound, 'Default category not found');
  }
  const { rows, failed } = await readQuestionRows(data, defaultCategoryId);
  if (failed.length) return { imported: 0, failed };
  return repo
    .transaction(async (tx) => {
      // under the tree's lock the default category cannot be deleted before the questions are written
      await tx.lockCategories(pharmacyId);
      if (defaultCategoryId !== null && !(await tx.category(pharmacyId, defaultCategoryId))) {
        throw AppError.notFound(liveMessages.categoryNotFound, 'Default category not found');
      }
      const names = [...new Set(rows.map((r) => r.categoryName).filter((n): n is string => n !== null))];
      const ids = await tx.ensureTopCategories(pharmacyId, names);
      const values = rows.map((r) => ({
        ...r.values,
        categoryId: r.categoryName !== null ? ids.get(r.categoryName)! : r.values.categoryId,
      }));
      const inserted = await tx.insertQuestions(pharmacyId, values);
      return { imported: inserted.length, failed: [] };
    })
    .catch(categoryGone);
}
