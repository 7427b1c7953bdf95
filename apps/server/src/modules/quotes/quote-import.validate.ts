import {
  isOriginalBelowPrice,
  type QuoteImportReport,
  type QuoteImportRow,
  quoteImportStatusLabels,
  quoteMessages,
  quoteMoneySchema,
  quoteStockSchema,
} from '@pharmacy/shared';
import {
  errorCollector,
  type ImportError,
  ImportFileError,
  type ImportFormat,
  type RecordRow,
  readRecords,
  type TemplateColumn,
} from '../../lib/spreadsheet-import/index';

export type QuoteColumnKey = 'approval_no' | 'barcode' | 'name' | 'price' | 'original_price' | 'stock' | 'status';

export interface QuoteImportColumn extends TemplateColumn {
  key: QuoteColumnKey;
  /** The name errors and the error report use. */
  label: string;
}

const statusValues = Object.values(quoteImportStatusLabels);

/** The quote template, in column order. 药品名称 helps the person filling it in; the catalogue decides the product. */
export const quoteImportColumns: readonly QuoteImportColumn[] = [
  { key: 'approval_no', label: '批准文号', header: '批准文号', required: false, width: 22, text: true },
  { key: 'barcode', label: '条码', header: '条码', required: false, width: 16, text: true },
  { key: 'name', label: '药品名称', header: '药品名称（仅供核对）', required: false, width: 26 },
  { key: 'price', label: '售价', header: '售价*', required: true, width: 10 },
  { key: 'original_price', label: '原价', header: '原价', required: false, width: 10 },
  { key: 'stock', label: '库存', header: '库存*', required: true, width: 10 },
  {
    key: 'status',
    label: '上架状态',
    header: '上架状态（上架/下架）',
    required: false,
    width: 16,
    list: { values: statusValues, title: '上架状态不正确', error: '请选择 上架 或 下架' },
  },
];

/** Header names each column goes by (the part of the header cell before * or a bracket). */
const headerAliases: Record<string, QuoteColumnKey> = {
  批准文号: 'approval_no',
  注册证号: 'approval_no',
  条码: 'barcode',
  条形码: 'barcode',
  商品条码: 'barcode',
  药品名称: 'name',
  商品名称: 'name',
  名称: 'name',
  售价: 'price',
  价格: 'price',
  销售价: 'price',
  零售价: 'price',
  原价: 'original_price',
  划线价: 'original_price',
  市场价: 'original_price',
  库存: 'stock',
  库存数量: 'stock',
  上架状态: 'status',
  状态: 'status',
};

const label = (key: QuoteColumnKey) => quoteImportColumns.find((c) => c.key === key)!.label;

/** Streams the data rows of a quote file as records keyed by column; a header without 批准文号 and 条码 is refused. */
export function readQuoteRows(
  input: string | NodeJS.ReadableStream,
  format: ImportFormat,
  options: { maxRows?: number } = {},
): AsyncGenerator<RecordRow<QuoteColumnKey>> {
  return readRecords(input, format, {
    columns: quoteImportColumns,
    aliases: headerAliases,
    maxRows: options.maxRows,
    checkHeader: (found) => {
      if (found.approval_no === undefined && found.barcode === undefined) {
        throw new ImportFileError('表头缺少「批准文号」或「条码」列：至少需要其中一列来匹配药品。请下载最新模板填写');
      }
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// One row on its own

/** Full-width letters and digits (ＨＺ０１) as Chinese input methods type them become ASCII; spaces go. */
const plainCode = /^[0-9A-Z]*$/;
const normalizeCode = (s: string) => (plainCode.test(s) ? s : s.normalize('NFKC').replace(/\s+/g, '').toUpperCase());

/** 国药准字 + H/Z/S/B/T/F/J + 8 digits. */
export const drugApprovalPattern = /^国药准字[HZSBTFJ]\d{8}$/;

/**
 * A number cell as a person meant it: a spreadsheet stores 12.3 as the nearest double and may write it out as
 * 12.300000000000001. Such a cell (15 or more significant digits) is read back at two decimals when that is the same
 * number; anything a person typed with three decimals stays as typed (and is refused by the price rule).
 */
function moneyText(cell: string): string {
  const text = cell.replace(/^[¥￥]\s*/, '').replace(/,/g, '');
  const m = /^(\d+)\.(\d{3,})$/.exec(text);
  if (!m || m[1].replace(/^0+/, '').length + m[2].length < 15) return text;
  const rounded = Number(text).toFixed(2);
  return Math.abs(Number(rounded) - Number(text)) < 1e-9 ? rounded.replace(/\.?0+$/, '') || '0' : text;
}

/** What one row says, checked on its own (the catalogue is asked a batch at a time). */
export interface CheckedQuoteRow {
  row: number;
  errors: ImportError[];
  approval_no: string;
  barcode: string;
  price: string;
  original_price: string | null;
  stock: number;
  status: QuoteImportRow['status'];
}

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0].message;

/** The cell rules of the quote form (quote.schema.ts) applied to one spreadsheet row. */
export function checkQuoteRecord({ row, record }: RecordRow<QuoteColumnKey>): CheckedQuoteRow {
  const errors: ImportError[] = [];
  const fail = (key: QuoteColumnKey, message: string) => errors.push({ row, column: label(key), message });

  let approval = record.approval_no.trim();
  if (approval.startsWith('国药准字') && !drugApprovalPattern.test(approval)) {
    approval = `国药准字${normalizeCode(approval.slice(4))}`;
    if (!drugApprovalPattern.test(approval)) {
      fail(
        'approval_no',
        '「批准文号」格式不正确，应为“国药准字”+ 字母(H/Z/S/B/T/F/J) + 8 位数字，如 国药准字H10900089',
      );
    }
  } else if (approval.length > 64) fail('approval_no', '「批准文号」不能超过 64 个字符');
  const barcode = normalizeCode(record.barcode.trim());
  if (barcode !== '' && !/^\d{1,14}$/.test(barcode)) fail('barcode', '「条码」只能是数字，最多 14 位');
  if (approval === '' && barcode === '') fail('approval_no', '请填写「批准文号」或「条码」，用于匹配平台药品');

  const price = moneyText(record.price.trim());
  const priceError = first(quoteMoneySchema('售价').safeParse(price));
  if (priceError) fail('price', priceError);

  const originalText = moneyText(record.original_price.trim());
  let original: string | null = null;
  if (originalText !== '') {
    const originalError = first(quoteMoneySchema('原价').safeParse(originalText));
    if (originalError) fail('original_price', originalError);
    else if (!priceError && isOriginalBelowPrice(price, originalText)) {
      fail('original_price', quoteMessages.originalBelowPrice);
    } else original = originalText;
  }

  const stockText = record.stock.trim().replace(/,/g, '');
  let stock = 0;
  if (stockText === '') fail('stock', '请输入库存');
  else if (!/^[+-]?\d+(\.\d+)?$/.test(stockText)) fail('stock', '库存须为整数');
  else {
    const stockError = first(quoteStockSchema.safeParse(Number(stockText)));
    if (stockError) fail('stock', stockError);
    else stock = Number(stockText);
  }

  const statusText = record.status.trim();
  let status: QuoteImportRow['status'] = null;
  if (statusText !== '') {
    if (statusText === '上架' || statusText === '已上架' || statusText === 'on_shelf') status = 'on_shelf';
    else if (statusText === '下架' || statusText === '已下架' || statusText === 'off_shelf') status = 'off_shelf';
    else fail('status', '「上架状态」须为 上架 或 下架（不填：新报价上架，已有报价不变）');
  }

  return {
    row,
    errors,
    approval_no: approval,
    barcode,
    price: priceError ? '' : price,
    original_price: original,
    stock,
    status,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Against the catalogue and the pharmacy's quotes

export interface CatalogueProduct {
  id: number;
  name: string;
  spec: string;
  manufacturer: string;
  approval_no: string;
  barcode: string;
  active: boolean;
}

/** What the database holds, asked once per batch (for one pharmacy). */
export interface QuoteLookup {
  /** Catalogue products with any of these approval numbers, and with any of these barcodes. */
  findProducts(keys: { approvals: string[]; barcodes: string[] }): Promise<{
    byApproval: Map<string, CatalogueProduct[]>;
    byBarcode: Map<string, CatalogueProduct>;
  }>;
  /** Which of these products the pharmacy already quotes. */
  findQuoted(productIds: number[]): Promise<Set<number>>;
}

export interface ValidateQuotesOptions {
  lookup: QuoteLookup;
  batchSize?: number;
  previewLimit?: number;
  maxErrors?: number;
  maxRows?: number;
  /** Receives each batch's valid rows (to write them inside the caller's transaction). */
  onValidBatch?: (rows: QuoteImportRow[]) => Promise<void>;
}

export const NO_DATA_ROWS = '文件中没有数据行：请在表头下方逐行填写报价后再上传';

const productText = (p: CatalogueProduct) => `${p.name} ${p.spec}`.trim();

/** The catalogue product a row names, or the reason it names none. */
function matchProduct(
  c: CheckedQuoteRow,
  found: Awaited<ReturnType<QuoteLookup['findProducts']>>,
): { product: CatalogueProduct } | { column: QuoteColumnKey; message: string } {
  const byApproval = c.approval_no ? (found.byApproval.get(c.approval_no) ?? []) : [];
  const byBarcode = c.barcode ? found.byBarcode.get(c.barcode) : undefined;
  if (c.approval_no === '') {
    return byBarcode
      ? { product: byBarcode }
      : { column: 'barcode', message: `平台药品库中没有条码为 ${c.barcode} 的药品` };
  }
  if (byBarcode) {
    if (byApproval.some((p) => p.id === byBarcode.id)) return { product: byBarcode };
    return {
      column: 'barcode',
      message: `条码对应的药品（${productText(byBarcode)}，批准文号 ${byBarcode.approval_no || '无'}）与批准文号不一致`,
    };
  }
  if (byApproval.length === 0) {
    return { column: 'approval_no', message: `平台药品库中没有批准文号为 ${c.approval_no} 的药品` };
  }
  if (byApproval.length === 1) {
    const [p] = byApproval;
    // a barcode the catalogue does not know: fine when the product has none, a mismatch when it has another
    if (c.barcode !== '' && p.barcode !== '' && p.barcode !== c.barcode) {
      return { column: 'barcode', message: `条码与批准文号对应的药品（${productText(p)}，条码 ${p.barcode}）不一致` };
    }
    return { product: p };
  }
  const specs = byApproval.map((p) => p.spec || '无规格').join('、');
  return c.barcode === ''
    ? {
        column: 'barcode',
        message: `该批准文号对应 ${byApproval.length} 个规格的药品（${specs}），请填写「条码」区分`,
      }
    : {
        column: 'barcode',
        message: `该批准文号对应 ${byApproval.length} 个规格的药品（${specs}），条码 ${c.barcode} 与其中任何一个都不符`,
      };
}

/**
 * Validates a quote file as a stream: each row on its own, then a batch at a time against the catalogue (the product
 * it names) and the pharmacy's quotes (create or update); a product named by two rows is reported on the later one.
 * Memory holds one batch, the products already named, and the capped report.
 */
export async function validateQuoteImport(
  input: string | NodeJS.ReadableStream,
  format: ImportFormat,
  options: ValidateQuotesOptions,
): Promise<QuoteImportReport> {
  const { lookup, batchSize = 1000, previewLimit = 200, maxErrors = 5000, onValidBatch } = options;
  const report: QuoteImportReport = {
    total: 0,
    valid: 0,
    invalid: 0,
    to_create: 0,
    to_update: 0,
    errors: [],
    errors_truncated: false,
    rows: [],
  };
  const addErrors = errorCollector(report, maxErrors);
  /** Product id → the first row that named it. */
  const named = new Map<number, number>();
  let batch: CheckedQuoteRow[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const approvals = [...new Set(batch.map((c) => c.approval_no).filter((a) => a !== ''))];
    const barcodes = [...new Set(batch.map((c) => c.barcode).filter((b) => b !== ''))];
    const found = await lookup.findProducts({ approvals, barcodes });
    const matched = new Map<CheckedQuoteRow, CatalogueProduct>();
    for (const c of batch) {
      // a row whose codes are malformed is not looked up: its own errors say what to fix
      if (c.errors.some((e) => e.column === label('approval_no') || e.column === label('barcode'))) continue;
      const m = matchProduct(c, found);
      if ('message' in m) {
        c.errors.push({ row: c.row, column: label(m.column), message: m.message });
        continue;
      }
      if (!m.product.active) {
        c.errors.push({
          row: c.row,
          column: label(c.approval_no ? 'approval_no' : 'barcode'),
          message: quoteMessages.productMissing,
        });
        continue;
      }
      const earlier = named.get(m.product.id);
      if (earlier !== undefined) {
        c.errors.push({
          row: c.row,
          column: label(c.approval_no ? 'approval_no' : 'barcode'),
          message: `与第 ${earlier} 行是同一药品（${productText(m.product)}），同一药品只能填写一行`,
        });
        continue;
      }
      named.set(m.product.id, c.row);
      matched.set(c, m.product);
    }
    const valid: QuoteImportRow[] = [];
    const candidates = batch.filter((c) => c.errors.length === 0 && matched.has(c));
    const quoted =
      candidates.length > 0 ? await lookup.findQuoted(candidates.map((c) => matched.get(c)!.id)) : new Set();
    for (const c of batch) {
      report.total += 1;
      if (c.errors.length > 0) {
        report.invalid += 1;
        addErrors(c.errors);
        continue;
      }
      const p = matched.get(c)!;
      const row: QuoteImportRow = {
        row: c.row,
        product_id: p.id,
        name: p.name,
        spec: p.spec,
        manufacturer: p.manufacturer,
        approval_no: p.approval_no,
        barcode: p.barcode,
        price: c.price,
        original_price: c.original_price,
        stock: c.stock,
        status: c.status,
        action: quoted.has(p.id) ? 'update' : 'create',
      };
      report.valid += 1;
      if (row.action === 'create') report.to_create += 1;
      else report.to_update += 1;
      valid.push(row);
      if (report.rows.length < previewLimit) report.rows.push(row);
    }
    batch = [];
    if (onValidBatch && valid.length > 0) await onValidBatch(valid);
  };

  for await (const record of readQuoteRows(input, format, { maxRows: options.maxRows })) {
    batch.push(checkQuoteRecord(record));
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (report.total === 0) throw new ImportFileError(NO_DATA_ROWS);
  return report;
}
