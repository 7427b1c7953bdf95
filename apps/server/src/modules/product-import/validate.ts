import type { ImportFormat, RawRecord, RecordRow } from './read-rows';
import { ImportFileError, readImportRows } from './read-rows';
import { type ImportColumnKey, importColumns, type typeLabels } from './template';

export type ProductType = keyof typeof typeLabels;
export type ImportMode = 'create' | 'update';

/** A row that passed every check, in the product table's field names. */
export interface ImportRow {
  row: number;
  /** The product an update row matched. */
  product_id: number | null;
  name: string;
  generic_name: string;
  spec: string;
  dosage_form: string;
  manufacturer: string;
  approval_no: string;
  barcode: string;
  type: ProductType;
  category_id: number | null;
  instructions: {
    indications: string;
    usage: string;
    contraindications: string;
    adverse_reactions: string;
    storage: string;
  };
}

export interface ImportError {
  row: number;
  /** The column's Chinese name, as in the template. */
  column: string;
  message: string;
}

export interface ImportReport {
  total: number;
  valid: number;
  invalid: number;
  errors: ImportError[];
  /** More errors existed than the report keeps. */
  errors_truncated: boolean;
  /** The first valid rows, for the preview. */
  rows: ImportRow[];
}

/** What the database already holds, asked once per batch. */
export interface ProductLookup {
  /** Products matching any of these approval number + spec pairs or barcodes. */
  findExisting(keys: {
    approvalSpecs: { approval_no: string; spec: string }[];
    barcodes: string[];
  }): Promise<{ approvalSpecs: Map<string, number>; barcodes: Map<string, number> }>;
  /** Category ids by name (leaf names). */
  findCategories(names: string[]): Promise<Map<string, number>>;
}

export interface ValidateOptions {
  mode: ImportMode;
  lookup: ProductLookup;
  /** Rows checked against the database at once. */
  batchSize?: number;
  previewLimit?: number;
  maxErrors?: number;
  maxRows?: number;
  /** Receives each batch's valid rows (e.g. to write them inside the caller's transaction). */
  onValidBatch?: (rows: ImportRow[]) => Promise<void>;
}

export const NO_DATA_ROWS = '文件中没有数据行：请在表头下方逐行填写药品后再上传';

export const approvalSpecKey = (approvalNo: string, spec: string) => `${approvalNo}\u0000${spec}`;

const label = (key: ImportColumnKey) => importColumns.find((c) => c.key === key)!.label;

/** 国药准字 + H (chemical) Z (Chinese patent) S (biological) B (health) T (in-vitro diagnostic) F (excipient) J (imported repackaged) + 8 digits. */
export const drugApprovalPattern = /^国药准字[HZSBTFJ]\d{8}$/;

const typeByLabel: Record<string, ProductType> = {
  处方药: 'RX',
  RX: 'RX',
  OTC: 'OTC',
  非处方药: 'OTC',
  甲类OTC: 'OTC',
  乙类OTC: 'OTC',
  中药饮片: 'HERBAL',
  饮片: 'HERBAL',
  HERBAL: 'HERBAL',
  非药品: 'NON_DRUG',
  NON_DRUG: 'NON_DRUG',
};

/** Own keys only: a cell reading "constructor" is not a type. */
const typeOf = (label: string): ProductType | undefined =>
  Object.hasOwn(typeByLabel, label) ? typeByLabel[label] : undefined;

export function isValidEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

/** Full-width letters and digits (ＨＺ０１) as people type them in Chinese input methods become ASCII. */
const plainCode = /^[0-9A-Z]*$/;
const normalizeCode = (s: string) =>
  // most cells are already plain: keep the string itself (a batch holds its rows, and new strings were garbage)
  plainCode.test(s) ? s : s.normalize('NFKC').replace(/\s+/g, '').toUpperCase();

function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // a high surrogate followed by a low one is one character
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

interface Checked {
  row: ImportRow;
  errors: ImportError[];
  category: string;
}

/** Checks one row on its own: required cells, lengths, the type, code formats. */
export function checkRecord({ row, record }: RecordRow): Checked {
  const errors: ImportError[] = [];
  const fail = (key: ImportColumnKey, message: string) => errors.push({ row, column: label(key), message });
  const v = {} as RawRecord;
  for (const c of importColumns) {
    const text = record[c.key].trim();
    v[c.key] = text;
    if (c.required && text === '') fail(c.key, `「${c.label}」不能为空`);
    // UTF-16 length ≥ characters: count characters only when it could matter (no array per cell)
    else if (text.length > c.maxLength && codePoints(text) > c.maxLength) {
      fail(c.key, `「${c.label}」不能超过 ${c.maxLength} 个字符`);
    }
  }

  const type = typeOf(v.type) ?? typeOf(normalizeCode(v.type).replace(/^OTC[甲乙]类$/, 'OTC'));
  if (v.type !== '' && !type) fail('type', '「类型」须为 处方药、OTC、中药饮片、非药品 之一');

  const approval =
    v.approval_no.startsWith('国药准字') && !drugApprovalPattern.test(v.approval_no)
      ? `国药准字${normalizeCode(v.approval_no.slice(4))}`
      : v.approval_no;
  if (type === 'RX' || type === 'OTC') {
    if (approval === '') fail('approval_no', '处方药和 OTC 必须填写「批准文号」');
    else if (!drugApprovalPattern.test(approval)) {
      fail(
        'approval_no',
        '「批准文号」格式不正确，应为“国药准字”+ 字母(H/Z/S/B/T/F/J) + 8 位数字，如 国药准字H10900089',
      );
    }
  } else if (approval.startsWith('国药准字') && !drugApprovalPattern.test(approval)) {
    fail('approval_no', '「批准文号」格式不正确，应为“国药准字”+ 字母(H/Z/S/B/T/F/J) + 8 位数字');
  }

  const barcode = normalizeCode(v.barcode);
  if (barcode !== '' && !isValidEan13(barcode))
    fail('barcode', '「条形码」不是有效的 13 位商品条码（EAN-13），请检查位数和校验位');

  return {
    errors,
    category: v.category,
    row: {
      row,
      product_id: null,
      name: v.name,
      generic_name: v.generic_name,
      spec: v.spec,
      dosage_form: v.dosage_form,
      manufacturer: v.manufacturer,
      approval_no: approval,
      barcode,
      type: type ?? 'OTC',
      category_id: null,
      instructions: {
        indications: v.indications,
        usage: v.usage,
        contraindications: v.contraindications,
        adverse_reactions: v.adverse_reactions,
        storage: v.storage,
      },
    },
  };
}

/**
 * Validates an uploaded file as a stream: rows are checked on their own, against the rows before them (duplicates)
 * and, a batch at a time, against the database. Memory holds one batch, the duplicate keys and the capped report.
 */
export async function validateImport(
  input: string | NodeJS.ReadableStream,
  format: ImportFormat,
  options: ValidateOptions,
): Promise<ImportReport> {
  const { mode, lookup, batchSize = 1000, previewLimit = 200, maxErrors = 5000, onValidBatch } = options;
  const report: ImportReport = { total: 0, valid: 0, invalid: 0, errors: [], errors_truncated: false, rows: [] };
  const seenApprovalSpec = new Map<string, number>();
  const seenBarcode = new Map<string, number>();
  const seenNameSpec = new Map<string, number>();
  let batch: Checked[] = [];

  const addErrors = (errors: ImportError[]) => {
    for (const e of errors) {
      if (report.errors.length < maxErrors) report.errors.push(e);
      else report.errors_truncated = true;
    }
  };

  const flush = async () => {
    if (batch.length === 0) return;
    const approvalSpecs = batch
      .filter((c) => c.row.approval_no !== '')
      .map((c) => ({ approval_no: c.row.approval_no, spec: c.row.spec }));
    const barcodes = batch.filter((c) => c.row.barcode !== '').map((c) => c.row.barcode);
    const categoryNames = [...new Set(batch.map((c) => c.category).filter((n) => n !== ''))];
    const [existing, categories] = await Promise.all([
      approvalSpecs.length + barcodes.length > 0
        ? lookup.findExisting({ approvalSpecs, barcodes })
        : { approvalSpecs: new Map<string, number>(), barcodes: new Map<string, number>() },
      categoryNames.length > 0 ? lookup.findCategories(categoryNames) : new Map<string, number>(),
    ]);
    const valid: ImportRow[] = [];
    for (const c of batch) {
      const { row } = c;
      const fail = (key: ImportColumnKey, message: string) =>
        c.errors.push({ row: row.row, column: label(key), message });
      if (c.category !== '') {
        const id = categories.get(c.category);
        if (id === undefined) fail('category', `「分类」不存在：${c.category}`);
        else row.category_id = id;
      }
      const byApproval = row.approval_no
        ? existing.approvalSpecs.get(approvalSpecKey(row.approval_no, row.spec))
        : undefined;
      const byBarcode = row.barcode ? existing.barcodes.get(row.barcode) : undefined;
      if (mode === 'create') {
        if (byApproval !== undefined)
          fail('approval_no', `平台已有相同批准文号和规格的药品（ID ${byApproval}），请改用更新`);
        if (byBarcode !== undefined) fail('barcode', `平台已有相同条形码的药品（ID ${byBarcode}），请改用更新`);
      } else if (byApproval === undefined && byBarcode === undefined) {
        fail(
          row.approval_no || !row.barcode ? 'approval_no' : 'barcode',
          '未找到要更新的药品：请核对批准文号和规格或条形码',
        );
      } else if (byApproval !== undefined && byBarcode !== undefined && byApproval !== byBarcode) {
        fail('barcode', `条形码对应的药品（ID ${byBarcode}）与批准文号和规格对应的药品（ID ${byApproval}）不一致`);
      } else row.product_id = byApproval ?? byBarcode ?? null;

      report.total += 1;
      if (c.errors.length > 0) {
        report.invalid += 1;
        addErrors(c.errors);
      } else {
        report.valid += 1;
        valid.push(row);
        if (report.rows.length < previewLimit) report.rows.push(row);
      }
    }
    batch = [];
    if (onValidBatch && valid.length > 0) await onValidBatch(valid);
  };

  for await (const record of readImportRows(input, format, { maxRows: options.maxRows })) {
    const checked = checkRecord(record);
    const { row } = checked;
    // Duplicates inside the file point at the first row that used the key.
    if (row.approval_no !== '' && row.spec !== '') {
      const key = approvalSpecKey(row.approval_no, row.spec);
      const first = seenApprovalSpec.get(key);
      if (first !== undefined) {
        checked.errors.push({
          row: row.row,
          column: label('approval_no'),
          message: `与第 ${first} 行的批准文号和规格重复`,
        });
      } else seenApprovalSpec.set(key, row.row);
    }
    if (row.barcode !== '') {
      const first = seenBarcode.get(row.barcode);
      if (first !== undefined) {
        checked.errors.push({ row: row.row, column: label('barcode'), message: `与第 ${first} 行的条形码重复` });
      } else seenBarcode.set(row.barcode, row.row);
    }
    if (row.approval_no === '' && row.barcode === '' && row.name !== '') {
      const key = `${row.name}\u0000${row.spec}\u0000${row.manufacturer}`;
      const first = seenNameSpec.get(key);
      if (first !== undefined) {
        checked.errors.push({
          row: row.row,
          column: label('name'),
          message: `与第 ${first} 行的药品名称、规格和生产厂家重复`,
        });
      } else seenNameSpec.set(key, row.row);
    }
    batch.push(checked);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  // A header and nothing under it (the blank template) is not a file whose every row passed.
  if (report.total === 0) throw new ImportFileError(NO_DATA_ROWS);
  return report;
}
